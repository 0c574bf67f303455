import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ServiceCtx } from '../../lib/context';
import { audit } from '../../lib/audit';
import { changeIntent, definedOnly, togglePatch } from '../../lib/changeIntent';
import { notFound, throwIfFieldErrors, type FieldErrors } from '../../lib/errors';
import { paginate, type ListQuery } from '../../lib/pagination';
import { can, requirePerms } from '../../lib/permissions';
import { withUniqueFields } from '../../lib/unique';
import { P } from '../../../shared/permissions';
import { METODO_MSG, type CatalogoKind } from '../../../shared/schemas/metodos';
import {
  activosCatalogo, cvuTomado, desactivarInstanciasDe, filteredCatalogo, findCatalogo, insertCatalogo, lockCatalogo, nombreTomado, restaurarInstanciasDe, updateCatalogoRow,
  type CatalogoRow, type CatalogoTable,
} from './catalogos.repository';

interface CatalogoDef extends CatalogoTable {
  entity: string;
  perms: { view: string; add: string; change: string; delete: string };
  unique: string;
  duplicate: string;
}

/** The three catalogues (spec 001 §3): banks, wallet platforms and card brands. */
export const CATALOGOS: Record<CatalogoKind, CatalogoDef> = {
  bancos: {
    table: 'bancos', nameCol: 'nombre', instTable: 'cuentas_bancarias', fk: 'banco_id', entity: 'banco',
    perms: { view: P.viewBanco, add: P.addBanco, change: P.changeBanco, delete: P.deleteBanco },
    unique: 'bancos_nombre_ci_uq', duplicate: METODO_MSG.bancoDuplicado,
  },
  billeterasCatalogo: {
    table: 'billeteras_catalogo', nameCol: 'nombre', instTable: 'billeteras_digitales', fk: 'plataforma_id', entity: 'billetera_catalogo',
    perms: { view: P.viewBilleteraCatalogo, add: P.addBilleteraCatalogo, change: P.changeBilleteraCatalogo, delete: P.deleteBilleteraCatalogo },
    unique: 'billeteras_catalogo_nombre_ci_uq', duplicate: METODO_MSG.billeteraDuplicada,
  },
  tarjetasCatalogo: {
    table: 'tarjetas_catalogo', nameCol: 'marca', instTable: 'tarjetas', fk: 'marca_id', entity: 'tarjeta_catalogo',
    perms: { view: P.viewTarjetaCatalogo, add: P.addTarjetaCatalogo, change: P.changeTarjetaCatalogo, delete: P.deleteTarjetaCatalogo },
    unique: 'tarjetas_catalogo_marca_ci_uq', duplicate: METODO_MSG.marcaDuplicada,
  },
};

/** A bank's fixed CVU is its own: two banks never share one (unique index of migration 2026112800_cvu_banco_unico). */
const CVU_UNICO = 'bancos_cvu_uq';
const uniqueOf = (def: CatalogoDef) => ({
  [def.unique]: [def.nameCol, def.duplicate] as const,
  ...(def.table === 'bancos' ? { [CVU_UNICO]: ['cvu', METODO_MSG.cvuDuplicado] as const } : {}),
});
const nameOf = (def: CatalogoDef, v: Record<string, unknown>) => v[def.nameCol] as string | undefined;

/**
 * The friendly check before the write (the unique indexes cover a race): a name another entry holds
 * (any letter case), and for banks a fixed CVU another bank holds. Only values that change are checked.
 */
async function duplicados(db: Db, def: CatalogoDef, values: Record<string, unknown>, before?: CatalogoRow) {
  const errors: FieldErrors = {};
  const nombre = nameOf(def, values);
  if (nombre !== undefined && nombre.toLowerCase() !== String(before?.[def.nameCol] ?? '').toLowerCase() && (await nombreTomado(db, def, nombre, before?.id))) {
    errors[def.nameCol] = [def.duplicate];
  }
  const cvu = values.cvu;
  if (def.table === 'bancos' && typeof cvu === 'string' && cvu !== before?.cvu && (await cvuTomado(db, cvu, before?.id))) errors.cvu = [METODO_MSG.cvuDuplicado];
  throwIfFieldErrors(errors);
}

/** Staff with the catalogue's view permission read every entry; any other signed-in user only the active ones. */
const soloActivos = (ctx: ServiceCtx, def: CatalogoDef) => !can(ctx, def.perms.view);

export async function listCatalogo(ctx: ServiceCtx, kind: CatalogoKind, input: ListQuery & { is_active?: boolean }) {
  const def = CATALOGOS[kind];
  const base = filteredCatalogo(ctx.db, def, input, soloActivos(ctx, def));
  const rows = base.selectAll().orderBy(sql.ref(def.nameCol)).orderBy('id');
  return input.all ? (rows.execute() as Promise<CatalogoRow[]>) : paginate(rows, input.page, base);
}

export async function getCatalogo(ctx: ServiceCtx, kind: CatalogoKind, id: number) {
  const row = await findCatalogo(ctx.db, CATALOGOS[kind], id);
  if (!row || (!row.is_active && soloActivos(ctx, CATALOGOS[kind]))) throw notFound();
  return row;
}

/** The active entries of every catalogue: what the instance forms offer (any signed-in user). */
export async function opciones(ctx: ServiceCtx) {
  const [bancos, billeteras, marcas] = await Promise.all([
    activosCatalogo(ctx.db, CATALOGOS.bancos),
    activosCatalogo(ctx.db, CATALOGOS.billeterasCatalogo),
    activosCatalogo(ctx.db, CATALOGOS.tarjetasCatalogo),
  ]);
  return { bancos, billeteras, marcas };
}

export async function createCatalogo(ctx: ServiceCtx, kind: CatalogoKind, input: Record<string, unknown>) {
  const def = CATALOGOS[kind];
  await duplicados(ctx.db, def, input);
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const row = await insertCatalogo(trx, def, input);
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: def.entity, entityId: row.id, after: row });
        return { ...row, affected_instances: 0 };
      }),
    uniqueOf(def),
  );
}

type Change = Record<string, unknown> & { is_active?: boolean };

/**
 * PUT and toggle of a catalogue entry. Deactivating takes its active instances down with it
 * (marked `desactivado_por_catalogo`); reactivating brings back exactly those. Same transaction.
 */
export function changeCatalogo(ctx: ServiceCtx, kind: CatalogoKind, id: number, change: Change | ((before: CatalogoRow) => Change)) {
  const def = CATALOGOS[kind];
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await lockCatalogo(trx, def, id);
        if (!before) throw notFound();
        const patch = typeof change === 'function' ? change(before) : change;
        const intent = changeIntent(before, patch, { active: 'is_active', perms: { edit: def.perms.change, deactivate: def.perms.delete } });
        requirePerms(ctx, { all: intent.perms });
        await duplicados(trx, def, patch, before);
        const set = definedOnly(patch);
        if (Object.keys(set).length === 0) return { ...before, affected_instances: 0 };
        const after = await updateCatalogoRow(trx, def, id, set);
        let affected: number[] = [];
        if (intent.deactivating) affected = await desactivarInstanciasDe(trx, def, id);
        else if (intent.activating) affected = await restaurarInstanciasDe(trx, def, id);
        const { updated_at: _a, ...b } = before as CatalogoRow & { updated_at?: unknown };
        const { updated_at: _b, ...a } = after as CatalogoRow & { updated_at?: unknown };
        if (JSON.stringify(a) !== JSON.stringify(b)) {
          await audit(trx, {
            actorId: ctx.actor.id, action: intent.action ?? 'update', entity: def.entity, entityId: id, before: b,
            after: affected.length ? { ...a, instancias_afectadas: affected } : a,
          });
        }
        return { ...after, affected_instances: affected.length };
      }),
    uniqueOf(def),
  );
}

export const updateCatalogo = (ctx: ServiceCtx, kind: CatalogoKind, { id, ...change }: { id: number } & Change) => changeCatalogo(ctx, kind, id, change);
export const toggleCatalogo = (ctx: ServiceCtx, kind: CatalogoKind, id: number) => changeCatalogo(ctx, kind, id, (before) => togglePatch(before, 'is_active'));
