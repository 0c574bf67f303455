import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The charts of /reportes (recharts, loaded only with this page). The bars and lines are drawn from
 * numbers; every exact figure is in the text table beside each chart.
 */
const entero = new Intl.NumberFormat('es-PY', { maximumFractionDigits: 0 });
const compacto = new Intl.NumberFormat('es-PY', { notation: 'compact', maximumFractionDigits: 1 });
const pyg = (v: unknown) => `₲ ${entero.format(Number(v))}`;
const ejes = { fontSize: 12, fill: '#334155' };
// Legend texts in the page's text colour (the series colour is too light to read as text).
const leyenda = (v: string) => <span style={{ color: '#334155' }}>{v}</span>;

export interface PuntoEvolucion {
  periodo: string;
  etiqueta: string;
  volumen: number;
  margen: number;
}

export function GraficoEvolucion({ datos, titulo }: { datos: PuntoEvolucion[]; titulo: string }) {
  return (
    <div role="img" aria-label={titulo} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={datos} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="etiqueta" tick={ejes} minTickGap={16} />
          <YAxis yAxisId="v" tick={ejes} tickFormatter={(v) => compacto.format(v)} width={56} />
          <YAxis yAxisId="m" orientation="right" tick={ejes} tickFormatter={(v) => compacto.format(v)} width={56} />
          <Tooltip formatter={(v) => pyg(v)} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={leyenda} />
          <Bar yAxisId="v" dataKey="volumen" name="Volumen PYG" fill="#6ee7b7" isAnimationActive={false} />
          <Line yAxisId="m" dataKey="margen" name="Margen PYG" stroke="#047857" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface Barra {
  nombre: string;
  compra?: number;
  venta?: number;
  margen?: number;
}

/** Margin bars per name; with `porOperacion`, the client's buys and sells side by side. */
export function GraficoBarras({ datos, titulo, porOperacion }: { datos: Barra[]; titulo: string; porOperacion?: boolean }) {
  return (
    <div role="img" aria-label={titulo} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={datos} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="nombre" tick={ejes} interval={0} />
          <YAxis tick={ejes} tickFormatter={(v) => compacto.format(v)} width={56} />
          <Tooltip formatter={(v) => pyg(v)} />
          {porOperacion ? (
            <>
              <Legend wrapperStyle={{ fontSize: 12 }} formatter={leyenda} />
              <Bar dataKey="compra" name="Compra del cliente" fill="#059669" isAnimationActive={false} />
              <Bar dataKey="venta" name="Venta del cliente" fill="#0ea5e9" isAnimationActive={false} />
            </>
          ) : (
            <Bar dataKey="margen" name="Margen PYG" fill="#059669" isAnimationActive={false} />
          )}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
