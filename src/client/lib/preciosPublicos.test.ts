import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { COTIZACION_EN_VIVO, COTIZACION_PUBLICA_EN_VIVO, muestraPrecios, refrescarPrecios } from './preciosPublicos';

/** Keys as @trpc/react-query v11 builds them: `[path, { input?, type }]`. */
const trpcKey = (path: string[], input?: unknown): QueryKey => [path, { ...(input === undefined ? {} : { input }), type: 'query' }];

const CON_PRECIOS: QueryKey[] = [
  trpcKey(['cotizaciones', 'public']),
  trpcKey(['cotizaciones', 'list'], { search: 'usd' }),
  trpcKey(['divisas', 'conTasa'], { all: true }),
  trpcKey(['divisas', 'sinTasa'], { all: true }),
  trpcKey(['simulacion', 'metodosDisponibles'], { divisa_origen: 1, divisa_destino: 2 }),
  trpcKey(['transacciones', 'reconfirmarTasa'], { id: 7 }),
  [COTIZACION_PUBLICA_EN_VIVO, { monto: '100' }],
  [COTIZACION_EN_VIVO, { monto: '100' }],
];
const SIN_PRECIOS: QueryKey[] = [
  trpcKey(['divisas', 'limites', 'get']),
  trpcKey(['divisas', 'denominacionesDe'], { id: 1 }),
  trpcKey(['usuarios', 'list']),
  trpcKey(['transacciones', 'list'], { page: 1 }),
  trpcKey(['auth', 'myPermissions']),
  ['otra-cosa'],
];

describe('refrescarPrecios', () => {
  it('tells the queries that show prices or rates from the rest', () => {
    for (const k of CON_PRECIOS) expect(muestraPrecios(k), JSON.stringify(k)).toBe(true);
    for (const k of SIN_PRECIOS) expect(muestraPrecios(k), JSON.stringify(k)).toBe(false);
  });

  it('marks every query showing prices as stale, and only those', async () => {
    const qc = new QueryClient();
    for (const k of [...CON_PRECIOS, ...SIN_PRECIOS]) qc.setQueryData(k, { fresco: true });
    await refrescarPrecios(qc);
    for (const k of CON_PRECIOS) expect(qc.getQueryState(k)?.isInvalidated, JSON.stringify(k)).toBe(true);
    for (const k of SIN_PRECIOS) expect(qc.getQueryState(k)?.isInvalidated, JSON.stringify(k)).toBe(false);
  });
});
