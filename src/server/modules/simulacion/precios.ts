import type { Db } from '../../db';
import type { KeptPrices } from '../../lib/keptPrices';
import {
  divisasConTasa, dosDivisasConTasa, findInstancia, todosLosMetodos, type DivisaConTasa, type InstanciaRow, type MetodoRow,
} from './simulacion.repository';
import { findMetodo } from '../metodos/metodos.repository';

/** Where a quote reads currencies, rates and methods: the database, or the cached catalogue. */
export interface PriceSource {
  /** The currencies of an operation (origin, destination); undefined for one that does not exist. */
  divisas(origen: number, destino: number): Promise<readonly [DivisaConTasa | undefined, DivisaConTasa | undefined]>;
  metodo(id: number): Promise<MetodoRow | undefined>;
  metodosActivos(): Promise<MetodoRow[]>;
  /** A client's instance (saved account, wallet or card) with its catalogue entry. */
  instancia(id: number): Promise<InstanciaRow | undefined>;
}

/** Straight from the database. */
export function dbPrices(db: Db): PriceSource {
  return {
    divisas: (origen, destino) => dosDivisasConTasa(db, origen, destino),
    metodo: (id) => findMetodo(db, id),
    metodosActivos: async () => (await todosLosMetodos(db)).filter((m) => m.is_active),
    instancia: (id) => findInstancia(db, id),
  };
}

interface Catalogo {
  divisas: ReadonlyMap<number, DivisaConTasa>;
  metodos: ReadonlyMap<number, MetodoRow>;
  activos: readonly MetodoRow[];
}

const loadCatalogo = async (db: Db): Promise<Catalogo> => {
  const [divisas, metodos] = await Promise.all([divisasConTasa(db), todosLosMetodos(db)]);
  // Shared by every request until the next change: frozen so no caller can alter another's quote.
  for (const r of [...divisas, ...metodos]) Object.freeze(r);
  return {
    divisas: new Map(divisas.map((d) => [d.id, d])),
    metodos: new Map(metodos.map((m) => [m.id, m])),
    activos: metodos.filter((m) => m.is_active),
  };
};

/**
 * Quotes that commit to nothing (the simulators, the methods a direction allows) read the kept
 * catalogue; it is dropped on every change to currencies, rates or methods (lib/keptPrices.ts).
 */
export async function quotePrices(ctx: { db: Db; prices?: KeptPrices }): Promise<PriceSource> {
  if (!ctx.prices?.isLive) return dbPrices(ctx.db);
  const c = await ctx.prices.get('catalogo-precios', ctx.db, loadCatalogo);
  return {
    divisas: async (origen, destino) => [c.divisas.get(origen), c.divisas.get(destino)] as const,
    metodo: async (id) => c.metodos.get(id),
    metodosActivos: async () => [...c.activos],
    // A client's own data: always read from the database.
    instancia: (id) => findInstancia(ctx.db, id),
  };
}
