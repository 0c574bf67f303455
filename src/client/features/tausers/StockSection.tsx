import { useState, type FormEvent } from 'react';
import { formatAmount } from '../../../shared/money';
import { stockMovimientoForm, type StockMovimientoForm } from '../../../shared/schemas/stockFormEsPy';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { MontoInput } from '../../components/MontoInput';
import { errorData } from '../../lib/errors';
import { useMoverStock, useSecretoTerminal, useStockTauser } from './hooks';
import { MovimientosStock } from './MovimientosStock';

/** 'Stock de billetes' of a Tauser (change permission): counts and totals per currency, load/withdraw, its movements, device secret. */
export function StockSection({ idTauser }: { idTauser: string }) {
  const q = useStockTauser(idTauser, true);
  const mover = useMoverStock();
  const { generar, revocar } = useSecretoTerminal();
  const [secreto, setSecreto] = useState<string | null>(null);
  /** Rotating or revoking ends the kiosk's session at once: asked first. */
  const [confirmar, setConfirmar] = useState<'rotar' | 'revocar' | null>(null);
  const [enviado, setEnviado] = useState(false);
  const [form, setForm] = useState<StockMovimientoForm>({ denominacion_id: '', operacion: 'cargar', cantidad: '', motivo: '' });
  const [errores, setErrores] = useState<Partial<Record<keyof StockMovimientoForm, string>>>({});
  /** Changes a field and forgets its message (it is said again on the next submit). */
  const cambiar = (campo: keyof StockMovimientoForm, valor: string) => {
    setForm((f) => ({ ...f, [campo]: valor }));
    setErrores((e) => ({ ...e, [campo]: undefined }));
  };

  if (q.isLoading) return <p className="text-sm text-slate-500">Cargando stock...</p>;
  if (q.isError || !q.data) return <p role="alert" className="text-sm text-red-600">No se pudo cargar el stock.</p>;
  const data = q.data;

  const generarClave = () => generar.mutateAsync({ id: idTauser }).then((r) => setSecreto(r.secreto), () => undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setEnviado(true);
    // The form's own Spanish validation (noValidate: no browser bubbles).
    const leido = stockMovimientoForm.safeParse(form);
    if (!leido.success) {
      const porCampo: Partial<Record<keyof StockMovimientoForm, string>> = {};
      for (const issue of leido.error.issues) {
        const campo = issue.path[0] as keyof StockMovimientoForm;
        porCampo[campo] ??= issue.message;
      }
      setErrores(porCampo);
      return;
    }
    setErrores({});
    try {
      await mover.mutateAsync({ id: idTauser, ...leido.data });
      // A fresh form: no message until the next submit.
      setEnviado(false);
      setErrores({});
      setForm((f) => ({ ...f, cantidad: '', motivo: '' }));
    } catch (err) {
      // The hook showed the message; the form keeps what was typed and puts a field's reason under it.
      const campos = errorData(err).fields ?? {};
      setErrores(Object.fromEntries(Object.entries(campos).map(([campo, mensajes]) => [campo, mensajes.join(' ')])));
    }
  };

  return (
    <section aria-label="Stock de billetes" className="space-y-4 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold">Stock de billetes</h3>
      {data.divisas.length === 0 && <p className="text-sm text-slate-600">No hay denominaciones activas.</p>}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {data.divisas.map((d) => (
          // Fixed columns: the currencies' tables line up, one under the other on a phone.
          <table key={d.divisa_id} className="w-full table-fixed text-sm" aria-label={`Stock ${d.codigo}`}>
            <caption className="text-left font-medium">
              {d.codigo} · total {formatAmount(d.total, 0, d.simbolo)}
            </caption>
            <colgroup>
              <col className="w-[28%]" />
              <col className="w-[20%]" />
              <col className="w-[26%]" />
              <col className="w-[26%]" />
            </colgroup>
            <thead>
              <tr className="text-left text-xs text-slate-500 sm:text-sm [&>th+th]:pl-2">
                <th>Billete</th>
                <th className="text-right">Cantidad</th>
                <th className="text-right" title="Billetes apartados para operaciones pagadas que se retiran en este terminal">Reservados</th>
                <th className="text-right">Valor</th>
              </tr>
            </thead>
            <tbody>
              {d.denominaciones.map((n) => (
                <tr key={n.denominacion_id} className="border-t border-slate-100">
                  <td>
                    {formatAmount(String(n.denominacion), 0, d.simbolo)}
                    {!n.activa && <span className="ml-1 text-xs text-amber-700">(fuera de uso: solo retirar)</span>}
                  </td>
                  <td className="text-right tabular-nums">{formatAmount(String(n.cantidad), 0)}</td>
                  <td className="text-right tabular-nums">{formatAmount(String(n.reservados), 0)}</td>
                  <td className="text-right tabular-nums">{formatAmount(n.valor, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <form onSubmit={submit} noValidate className="grid gap-2 sm:grid-cols-4" aria-label="Cargar o retirar billetes">
        <FormField label="Billete" htmlFor="stock-billete" error={errores.denominacion_id}>
          <select
            id="stock-billete"
            aria-required="true"
            className="w-full rounded border border-slate-300 p-2 text-sm"
            value={form.denominacion_id}
            onChange={(e) => cambiar('denominacion_id', e.target.value)}
          >
            <option value="">Elegir…</option>
            {data.divisas.flatMap((d) =>
              d.denominaciones.map((n) => (
                <option key={n.denominacion_id} value={n.denominacion_id}>
                  {d.codigo} {formatAmount(String(n.denominacion), 0)}
                  {n.activa ? '' : ' (fuera de uso: solo retirar)'}
                </option>
              )),
            )}
          </select>
        </FormField>
        <label className="flex flex-col text-sm">
          Operación
          <select className="rounded border border-slate-300 p-2" value={form.operacion} onChange={(e) => cambiar('operacion', e.target.value)}>
            <option value="cargar">Cargar</option>
            <option value="retirar">Retirar</option>
          </select>
        </label>
        <MontoInput id="stock-cantidad" label="Cantidad" value={form.cantidad} onChange={(t) => cambiar('cantidad', t)} decimales={0} cantidad mostrarVacio={enviado} error={errores.cantidad} />
        <FormField label="Motivo" htmlFor="stock-motivo" error={errores.motivo}>
          <input
            id="stock-motivo"
            aria-required="true"
            className="w-full rounded border border-slate-300 p-2 text-sm"
            value={form.motivo}
            onChange={(e) => cambiar('motivo', e.target.value)}
          />
        </FormField>
        <div className="sm:col-span-4 flex justify-end">
          <button type="submit" className="btn-primary" disabled={mover.isPending}>
            Guardar movimiento
          </button>
        </div>
      </form>
      <div className="space-y-2 border-t border-slate-200 pt-3">
        <h3 className="text-base font-semibold">Clave del terminal</h3>
        <p className="text-sm text-slate-600">{data.tiene_secreto ? 'El terminal tiene una clave activa.' : 'El terminal no tiene clave: no puede iniciar sesión.'}</p>
        {secreto && (
          <p role="status" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm">
            Clave (se muestra una sola vez): <code className="break-all font-mono font-bold">{secreto}</code>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" disabled={generar.isPending} onClick={() => (data.tiene_secreto ? setConfirmar('rotar') : generarClave())}>
            {data.tiene_secreto ? 'Rotar clave' : 'Generar clave'}
          </button>
          {data.tiene_secreto && (
            <button type="button" className="btn-secondary" disabled={revocar.isPending} onClick={() => setConfirmar('revocar')}>
              Revocar clave
            </button>
          )}
        </div>
      </div>
      <MovimientosStock idTauser={idTauser} />
      <ConfirmDialog
        open={confirmar === 'rotar'}
        title="¿Rotar la clave del terminal?"
        confirmLabel="Rotar clave"
        closeLabel="Volver"
        busy={generar.isPending}
        onConfirm={() => void generarClave().then(() => setConfirmar(null))}
        onClose={() => setConfirmar(null)}
      >
        El terminal cierra su sesión al momento y vuelve a funcionar cuando se ingrese en él la clave nueva, que se muestra una sola vez.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmar === 'revocar'}
        title="¿Revocar la clave del terminal?"
        confirmLabel="Revocar clave"
        closeLabel="Volver"
        danger
        busy={revocar.isPending}
        onConfirm={() => void revocar.mutateAsync({ id: idTauser }).then(() => setSecreto(null), () => undefined).then(() => setConfirmar(null))}
        onClose={() => setConfirmar(null)}
      >
        El terminal cierra su sesión al momento y no puede volver a iniciarla hasta que se genere una clave nueva.
      </ConfirmDialog>
    </section>
  );
}
