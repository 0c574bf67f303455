import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../../shared/money';
import { startTestApp, type TestApp } from '../../test/harness';
import { userWith } from '../../test/fixtures';
import { P } from '../../../shared/permissions';
import { insertarOperaciones, reportWorld, type Operacion, type ReportWorld } from './testFixtures';

/**
 * Every figure of every grouping equals an independent computation over the same random operations
 * (decimal.js, per operation margin rounded half up to guaraníes), to the last digit.
 */
let app: TestApp;
let w: ReportWorld;
let token: string;
let otroOperador: number;

beforeAll(async () => {
  app = await startTestApp();
  w = await reportWorld(app);
  const u = await userWith(app, [P.viewReporte]);
  token = u.token;
  otroOperador = u.id;
});
afterAll(() => app.close());

const DESDE = Date.parse('2026-10-30T00:00:00Z');
const HASTA = Date.parse('2026-12-02T00:00:00Z');
const decimals = (max: number, scale: number) => fc.bigInt({ min: 1n, max: BigInt(max) }).map((n) => new Decimal(n.toString()).div(10 ** scale).toFixed());

const operacion = (w: ReportWorld) =>
  fc.record({
    operacion_cliente: fc.constantFrom('compra' as const, 'venta' as const),
    divisa: fc.constantFrom(w.usd, w.eur),
    monto_divisa: decimals(1e11, 2),
    monto_pyg: decimals(1e12, 0),
    tasa_aplicada: decimals(1e9, 4),
    precio_base: decimals(1e9, 4),
    metodo: fc.constantFrom(...Object.values(w.metodos)),
    tauser: fc.constantFrom(...w.tausers),
    operador: fc.constantFrom(w.operador, otroOperador),
    categoria: fc.constantFrom('VIP', 'MINORISTA', 'CORPORATIVO'),
    estado: fc.constantFrom('completada' as const, 'completada' as const, 'cancelada' as const, 'fallida' as const),
    fecha_inicio: fc.integer({ min: DESDE, max: HASTA }).map((ms) => new Date(ms).toISOString()),
  });

/** America/Asuncion is UTC−3 all of November (summer time before 2024, permanent since). */
const diaDe = (iso: string) => new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 10);
const lunesDe = (dia: string) => {
  const d = new Date(`${dia}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};
const margen = (o: Operacion) => {
  const valorBase = new Decimal(o.monto_divisa).mul(o.precio_base);
  const m = o.operacion_cliente === 'compra' ? new Decimal(o.monto_pyg).sub(valorBase) : valorBase.sub(o.monto_pyg);
  return m.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
};

interface Esperado {
  operaciones: number;
  volumen_pyg: string;
  margen_pyg: string;
}
function agrupar(ops: Operacion[], key: (o: Operacion) => string): Map<string, Esperado> {
  const out = new Map<string, { n: number; v: Decimal; m: Decimal }>();
  for (const o of ops) {
    const k = key(o);
    const g = out.get(k) ?? { n: 0, v: new Decimal(0), m: new Decimal(0) };
    out.set(k, { n: g.n + 1, v: g.v.add(o.monto_pyg), m: g.m.add(margen(o)) });
  }
  return new Map([...out].map(([k, g]) => [k, { operaciones: g.n, volumen_pyg: g.v.toFixed(), margen_pyg: g.m.toFixed() }]));
}
const cifras = (g: Esperado) => ({ operaciones: g.operaciones, volumen_pyg: g.volumen_pyg, margen_pyg: g.margen_pyg });

/** Checks every figure of `estado` against the independent computation over `ops` (what the table holds). */
async function comprobar(ops: Operacion[], estado: 'completada' | 'cancelada') {
  const c = await app.caller(token);
  const filtros = { fecha_desde: '2026-11-01', fecha_hasta: '2026-11-30' };
  const vistas = ops.filter((o) => o.estado === estado && diaDe(o.fecha_inicio) >= '2026-11-01' && diaDe(o.fecha_inicio) <= '2026-11-30');

  const total = agrupar(vistas, () => 'total').get('total') ?? { operaciones: 0, volumen_pyg: '0', margen_pyg: '0' };
  expect(cifras(await c.reportes.resumen({ ...filtros, estado }))).toEqual(total);

  const porClave = async (rows: Promise<{ resultados: Array<Esperado & { clave: string }> }>) =>
    new Map((await rows).resultados.map((g) => [g.clave, cifras(g)]));
  expect(await porClave(c.reportes.porMetodo({ ...filtros, estado }))).toEqual(agrupar(vistas, (o) => String(o.metodo)));
  expect(await porClave(c.reportes.porOperador({ ...filtros, estado }))).toEqual(agrupar(vistas, (o) => String(o.operador)));
  expect(await porClave(c.reportes.porTauser({ ...filtros, estado }))).toEqual(agrupar(vistas, (o) => o.tauser));
  expect(await porClave(c.reportes.porCategoria({ ...filtros, estado }))).toEqual(agrupar(vistas, (o) => o.categoria));

  const divisas = await c.reportes.porDivisa({ ...filtros, estado });
  expect(new Map(divisas.resultados.map((g) => [g.clave, cifras(g)]))).toEqual(agrupar(vistas, (o) => `${o.divisa}:${o.operacion_cliente}`));
  for (const g of divisas.resultados) {
    const mias = vistas.filter((o) => `${o.divisa}:${o.operacion_cliente}` === g.clave);
    const vol = mias.reduce((s, o) => s.add(o.monto_divisa), new Decimal(0));
    const ponderado = mias.reduce((s, o) => s.add(new Decimal(o.monto_divisa).mul(o.tasa_aplicada)), new Decimal(0));
    // The sum keeps the largest scale of its terms (134.1 + 2.25 = 136.35, 1.1 + 2.9 = 4.0): equal as a number.
    expect(new Decimal(g.volumen_divisa!).eq(vol), `${g.volumen_divisa} = ${vol.toFixed()}`).toBe(true);
    expect(g.tasa_promedio).toBe(ponderado.div(vol).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4));
  }

  const dias = agrupar(vistas, (o) => diaDe(o.fecha_inicio));
  const ev = await c.reportes.evolucion({ ...filtros, estado, agrupacion: 'dia' });
  expect(ev.resultados).toHaveLength(30);
  for (const p of ev.resultados) expect(cifras(p)).toEqual(dias.get(p.periodo) ?? { operaciones: 0, volumen_pyg: '0', margen_pyg: '0' });
  const semanas = agrupar(vistas, (o) => lunesDe(diaDe(o.fecha_inicio)));
  for (const p of (await c.reportes.evolucion({ ...filtros, estado, agrupacion: 'semana' })).resultados) {
    expect(cifras(p)).toEqual(semanas.get(p.periodo) ?? { operaciones: 0, volumen_pyg: '0', margen_pyg: '0' });
  }
  expect((await c.reportes.evolucion({ ...filtros, estado, agrupacion: 'mes' })).resultados.map(cifras)).toEqual([total]);

  // The listing: the same operations, each with its own margin.
  const listed = [];
  for (let page = 1; ; page++) {
    const p = await c.reportes.transacciones({ ...filtros, estado, page });
    listed.push(...p.results);
    if (p.next === null) break;
  }
  expect(listed.map((l) => l.margen_pyg).sort()).toEqual(vistas.map((o) => margen(o).toFixed()).sort());
}

describe('exactness', () => {
  it('every grouping equals an independent decimal computation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operacion(w), { minLength: 0, maxLength: 30 }), async (ops) => {
        await app.db.deleteFrom('transacciones').execute();
        await insertarOperaciones(app, w, ops);
        // COMPLETADA is read from the hourly totals, CANCELADA from the operations themselves.
        await comprobar(ops, 'completada');
        await comprobar(ops, 'cancelada');
        // States change after the fact (the totals follow in the same statement): every third
        // completed one fails, every third cancelled one is completed.
        const rows = await app.db.selectFrom('transacciones').select(['id', 'codigo']).orderBy('id').execute();
        const cambiadas = ops.map((o, i) =>
          i % 3 === 0 && o.estado === 'completada'
            ? { ...o, estado: 'fallida' as const }
            : i % 3 === 0 && o.estado === 'cancelada'
              ? { ...o, estado: 'completada' as const }
              : o,
        );
        for (const [i, o] of cambiadas.entries()) {
          if (o.estado !== ops[i].estado) await app.db.updateTable('transacciones').set({ estado: o.estado }).where('id', '=', rows[i].id).execute();
        }
        await comprobar(cambiadas, 'completada');
      }),
      { numRuns: 30 },
    );
  });
});
