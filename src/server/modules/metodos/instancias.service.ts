import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import type { ServiceCtx } from '../../lib/context';
import { audit } from '../../lib/audit';
import { conflict, fieldError, forbidden, notFound, throwIfFieldErrors, validation, type FieldErrors } from '../../lib/errors';
import { listOrPage, type ListQuery } from '../../lib/pagination';
import { can, requirePerms } from '../../lib/permissions';
import { withUniqueFields } from '../../lib/unique';
import { P } from '../../../shared/permissions';
import { comisionMetodo, metodoPermite, type CatalogoComisiones, type MetodoComisiones } from '../../../shared/comision';
import {
  METODO_MSG, TIPO_METODO, vencimientoErrors, type BilleteraCreateInput, type BilleteraUpdateInput, type CuentaCreateInput, type CuentaUpdateInput,
  type DetalleCreateInput, type DetalleRecord, type DetalleUpdateInput, type InstanciaCreateInput, type TarjetaCreateInput, type TarjetaUpdateInput,
  type TipoInstancia,
} from '../../../shared/schemas/metodos';
import { findMetodo, findMetodoPorNombre } from './metodos.repository';
import { lockCatalogo, type CatalogoRow } from './catalogos.repository';
import { CATALOGOS } from './catalogos.service';
import {
  catalogoDeDetalle, clienteActualDe, clienteAsignado, detalleOcupado, filteredBilleteras, filteredCuentas, filteredDetalles, filteredTarjetas,
  findBilletera, findCliente, findCuenta, findDetalle, findTarjeta, insertBilletera, insertCuenta, insertDetalle, insertTarjeta, lockDetalleRow,
  lockInstancia, selectBilleteras, selectCuentas, selectDetalles, selectTarjetas, tieneClientes, updateBilleteraRow, updateCuentaRow,
  updateDetalleRow, updateTarjetaRow, type BilleteraRow, type CuentaRow, type DetalleRow, type InstanciaFilters, type TarjetaRow,
} from './instancias.repository';

interface KindDef {
  table: 'cuentas_bancarias' | 'billeteras_digitales' | 'tarjetas';
  entity: string;
  /** `add` is null for cards: the spec has no add permission for them (only their owners create them). */
  perms: { view: string; add: string | null; change: string; delete: string };
  /** Default alias of a house instance; null when the house has none of this kind. */
  aliasCasa: string | null;
  aliasCliente: string;
}

export const KINDS: Record<TipoInstancia, KindDef> = {
  cuenta_bancaria: {
    table: 'cuentas_bancarias', entity: 'cuenta_bancaria', aliasCasa: 'Casa - cuenta', aliasCliente: 'Cuenta',
    perms: { view: P.viewCuentaBancaria, add: P.addCuentaBancaria, change: P.changeCuentaBancaria, delete: P.deleteCuentaBancaria },
  },
  billetera_digital: {
    table: 'billeteras_digitales', entity: 'billetera_digital', aliasCasa: 'Casa - billetera digital', aliasCliente: 'Billetera',
    perms: { view: P.viewBilleteraDigital, add: P.addBilleteraDigital, change: P.changeBilleteraDigital, delete: P.deleteBilleteraDigital },
  },
  tarjeta: {
    table: 'tarjetas', entity: 'tarjeta', aliasCasa: null, aliasCliente: 'Tarjeta',
    perms: { view: P.viewDetalle, add: null, change: P.changeTarjeta, delete: P.deleteTarjeta },
  },
};

const KIND_BY_METODO = Object.fromEntries(Object.entries(TIPO_METODO).map(([k, m]) => [m, k as TipoInstancia])) as Record<string, TipoInstancia | undefined>;

const staffView = (ctx: ServiceCtx, kind: TipoInstancia) => can(ctx, KINDS[kind].perms.view) || can(ctx, P.viewDetalle);

// ---- Records ----

type Joined = DetalleRow & {
  c_compra?: string | null;
  c_venta?: string | null;
  c_pers_compra?: boolean | null;
  c_pers_venta?: boolean | null;
};

export function detalleOf(r: DetalleRow): DetalleRecord {
  return {
    id: r.d_id,
    cliente: r.d_cliente,
    cliente_nombre: r.d_cliente_nombre ?? null,
    es_cuenta_casa: r.d_casa,
    metodo_financiero: r.d_metodo,
    metodo_financiero_nombre: r.d_metodo_nombre,
    alias: r.d_alias,
    is_active: r.d_activo,
    desactivado_por_catalogo: r.d_por_catalogo,
  };
}

/** The commission the instance charges each way, from the shared comisionMetodo (DESIGN §6). */
function comisionEfectiva(r: Joined) {
  const metodo: MetodoComisiones = {
    permite_cobro: r.m_permite_cobro, permite_pago: r.m_permite_pago, comision_cobro_porcentaje: r.m_cobro, comision_pago_porcentaje: r.m_pago,
  };
  const cat: CatalogoComisiones | null =
    r.c_compra != null && r.c_venta != null
      ? { comision_compra: r.c_compra, comision_venta: r.c_venta, comision_personalizada_compra: !!r.c_pers_compra, comision_personalizada_venta: !!r.c_pers_venta }
      : null;
  return {
    venta: metodoPermite(metodo, 'venta') ? comisionMetodo(metodo, cat, 'venta') : null,
    compra: metodoPermite(metodo, 'compra') ? comisionMetodo(metodo, cat, 'compra') : null,
  };
}

const common = (r: Joined) => ({ id: (r as unknown as { id: number }).id, metodo_financiero_detalle: r.d_id, detalle: detalleOf(r), comision_efectiva: comisionEfectiva(r) });

export const cuentaOf = (r: CuentaRow) => ({
  ...common(r), banco: r.banco, banco_nombre: r.banco_nombre, banco_cvu: r.banco_cvu, numero_cuenta: r.numero_cuenta, titular: r.titular, cbu_cvu: r.cbu_cvu,
});
export const billeteraOf = (r: BilleteraRow) => ({
  ...common(r), plataforma: r.plataforma, plataforma_nombre: r.plataforma_nombre, usuario_id: r.usuario_id, email: r.email, telefono: r.telefono,
});
export const tarjetaOf = (r: TarjetaRow) => ({
  ...common(r), tipo: r.tipo, payment_method_id: r.payment_method_id, brand: r.brand, marca: r.marca, marca_nombre: r.marca_nombre ?? null,
  last4: r.last4, exp_month: r.exp_month, exp_year: r.exp_year, titular: r.titular,
});

// ---- Access ----

/**
 * Who may touch an instance: a user the instance's client is assigned to, for anything; staff by the
 * kind's permissions. Rows the actor may not even see answer 404 (never the data).
 */
async function requireAccess(ctx: ServiceCtx, db: Db, kind: TipoInstancia | undefined, d: { cliente_id: string | null }, need: 'view' | 'change' | 'delete') {
  if (d.cliente_id && (await clienteAsignado(db, ctx.actor.id, d.cliente_id))) return;
  const perms = kind ? KINDS[kind].perms : { view: P.viewDetalle, change: null, delete: null };
  const visible = (kind ? staffView(ctx, kind) : can(ctx, P.viewDetalle)) || (!!perms.change && can(ctx, perms.change)) || (!!perms.delete && can(ctx, perms.delete));
  if (!visible) throw notFound();
  if (need === 'view') {
    if (!(kind ? staffView(ctx, kind) : can(ctx, P.viewDetalle))) throw forbidden();
    return;
  }
  const perm = need === 'change' ? perms.change : perms.delete;
  if (!perm) throw forbidden();
  requirePerms(ctx, perm);
}

/** List scope: staff of the kind see all; others only their clients, and need at least one. */
async function listScope(ctx: ServiceCtx, staff: boolean, f: InstanciaFilters) {
  if (staff) return;
  if (f.es_cuenta_casa === true) throw forbidden();
  if (f.cliente && !(await clienteAsignado(ctx.db, ctx.actor.id, f.cliente))) throw forbidden(METODO_MSG.clienteNoAsignado);
  if (!(await tieneClientes(ctx.db, ctx.actor.id))) throw forbidden(METODO_MSG.clienteNoAsignado);
}

/**
 * The client a new instance belongs to: none for the house (staff with the kind's add permission);
 * otherwise the one given or the actor's current client, assigned to the actor unless staff may add.
 */
async function resolveOwner(ctx: ServiceCtx, db: Db, kind: TipoInstancia, cliente: string | null | undefined, casa: boolean): Promise<string | null> {
  const add = KINDS[kind].perms.add;
  if (casa) {
    if (cliente) throw fieldError('cliente', METODO_MSG.casaSinCliente);
    if (!KINDS[kind].aliasCasa) throw fieldError('es_cuenta_casa', METODO_MSG.casaSinTarjetas);
    requirePerms(ctx, add!);
    return null;
  }
  // Neither a client of their own nor the permission to act for others: nothing to create for.
  if (!(add && can(ctx, add)) && !(await tieneClientes(db, ctx.actor.id))) throw forbidden(METODO_MSG.clienteNoAsignado);
  let id = cliente ?? null;
  if (!id) {
    id = await clienteActualDe(db, ctx.actor.id);
    if (!id || !(await clienteAsignado(db, ctx.actor.id, id))) throw fieldError('cliente', METODO_MSG.clienteRequerido);
  }
  if (!(await clienteAsignado(db, ctx.actor.id, id)) && !(add && can(ctx, add))) throw forbidden(METODO_MSG.clienteNoAsignado);
  const c = await findCliente(db, id);
  if (!c) throw fieldError('cliente', 'El cliente no existe.');
  if (!c.is_active) throw fieldError('cliente', METODO_MSG.clienteInactivo);
  return id;
}

const defaultAlias = (kind: TipoInstancia, casa: boolean) =>
  casa ? KINDS[kind].aliasCasa! : `${KINDS[kind].aliasCliente} ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;

// ---- Catalogue references ----

async function catalogoActivo(db: Db, kind: 'bancos' | 'billeterasCatalogo' | 'tarjetasCatalogo', id: number, field: string, msgs: { noExiste: string; inactivo: string }, current?: number | null) {
  const row = await lockCatalogo(db, CATALOGOS[kind], id, 'share');
  if (!row) throw fieldError(field, msgs.noExiste);
  if (!row.is_active && id !== current) throw fieldError(field, msgs.inactivo);
  return row;
}

/**
 * An account's bank and CBU/CVU: a bank with a fixed CVU imposes it (empty or absent takes it, another
 * value is refused); otherwise a CBU/CVU is required. `kept`: the CBU/CVU an edit keeps when none is sent.
 */
async function cuentaValues(db: Db, input: Omit<CuentaCreateInput, 'metodo_financiero_detalle'>, current?: number, kept?: string) {
  const banco = await catalogoActivo(db, 'bancos', input.banco, 'banco', { noExiste: METODO_MSG.bancoNoExiste, inactivo: METODO_MSG.bancoInactivo }, current);
  let cbu = input.cbu_cvu ?? '';
  if (banco.cvu) {
    if (cbu !== '' && cbu !== banco.cvu) throw fieldError('cbu_cvu', METODO_MSG.cbuDelBanco);
    cbu = banco.cvu;
  } else {
    if (input.cbu_cvu === undefined && kept) cbu = kept;
    if (cbu === '') throw fieldError('cbu_cvu', METODO_MSG.cbuRequerido);
  }
  return { banco_id: banco.id, numero_cuenta: input.numero_cuenta, titular: input.titular, cbu_cvu: cbu };
}

type CuentaOut = ReturnType<typeof cuentaOf>;
type BilleteraOut = ReturnType<typeof billeteraOf>;
type TarjetaOut = ReturnType<typeof tarjetaOf>;

const changes = <T>(sent: T | undefined, stored: T) => sent !== undefined && sent !== stored;

/**
 * PUT of an account: the fields sent over the stored ones. The fixed-CVU rule reads the bank and the
 * CBU/CVU, so it runs (on the merged record) when either changes: an account whose bank's fixed CVU
 * was set or changed after it was registered keeps its CBU/CVU and stays editable (docs/decisions.md).
 */
async function cuentaUpdateValues(db: Db, b: CuentaOut, i: CuentaUpdateInput) {
  const numero_cuenta = i.numero_cuenta ?? b.numero_cuenta;
  const titular = i.titular ?? b.titular;
  if (!changes(i.banco, b.banco) && !changes(i.cbu_cvu, b.cbu_cvu)) return { banco_id: b.banco, numero_cuenta, titular, cbu_cvu: b.cbu_cvu };
  // Only the bank changes: the account's own CBU/CVU goes along; one its old bank imposed does not.
  const kept = b.banco_cvu ? undefined : b.cbu_cvu;
  return cuentaValues(db, { banco: i.banco ?? b.banco, numero_cuenta, titular, cbu_cvu: i.cbu_cvu }, b.banco, kept);
}

async function billeteraValues(db: Db, input: Omit<BilleteraCreateInput, 'metodo_financiero_detalle'>, current?: number) {
  const p = await catalogoActivo(db, 'billeterasCatalogo', input.plataforma, 'plataforma', { noExiste: METODO_MSG.plataformaNoExiste, inactivo: METODO_MSG.plataformaInactiva }, current);
  return { plataforma_id: p.id, usuario_id: input.usuario_id, email: input.email, telefono: input.telefono ?? null };
}

type TarjetaInput = Pick<TarjetaCreateInput, 'tipo' | 'payment_method_id' | 'brand' | 'marca' | 'last4' | 'exp_month' | 'exp_year' | 'titular'>;

/**
 * Card rules on the server too: expiry, a LOCAL card's active brand. Only last4 and expiry are kept.
 * `checkExpiry` false: an edit that leaves month and year as stored does not re-judge them.
 */
async function tarjetaValues(db: Db, input: TarjetaInput, current?: number | null, currentPm?: string, checkExpiry = true) {
  const errors: FieldErrors = { ...(checkExpiry ? vencimientoErrors(input.exp_month, input.exp_year) : {}) };
  let marca: CatalogoRow | null = null;
  if (input.marca) {
    marca = await catalogoActivo(db, 'tarjetasCatalogo', input.marca, 'marca', { noExiste: METODO_MSG.marcaNoExiste, inactivo: METODO_MSG.marcaInactiva }, current);
  } else if (input.tipo === 'LOCAL') errors.marca = [METODO_MSG.marcaSeleccion];
  const brand = input.brand || (marca?.marca ?? '').toLowerCase();
  if (!brand && !errors.marca) errors.brand = [METODO_MSG.brandRequerido];
  throwIfFieldErrors(errors);
  return {
    tipo: input.tipo, payment_method_id: input.payment_method_id || currentPm || `pm_${randomUUID().replace(/-/g, '')}`, brand: brand.slice(0, 30),
    marca_id: marca?.id ?? null, last4: input.last4, exp_month: input.exp_month, exp_year: input.exp_year, titular: input.titular,
  };
}

const findInstancia = (db: Db, kind: TipoInstancia, id: number) =>
  kind === 'cuenta_bancaria' ? findCuenta(db, id) : kind === 'billetera_digital' ? findBilletera(db, id) : findTarjeta(db, id);

async function recordOf(db: Db, kind: TipoInstancia, id: number) {
  if (kind === 'cuenta_bancaria') return cuentaOf((await findCuenta(db, id))!);
  if (kind === 'billetera_digital') return billeteraOf((await findBilletera(db, id))!);
  return tarjetaOf((await findTarjeta(db, id))!);
}

async function writeInstancia(db: Db, kind: TipoInstancia, detalleId: number, input: Record<string, unknown>) {
  if (kind === 'cuenta_bancaria') return (await insertCuenta(db, { ...(await cuentaValues(db, input as CuentaCreateInput)), metodo_financiero_detalle_id: detalleId })).id;
  if (kind === 'billetera_digital') return (await insertBilletera(db, { ...(await billeteraValues(db, input as BilleteraCreateInput)), metodo_financiero_detalle_id: detalleId })).id;
  return (await insertTarjeta(db, { ...(await tarjetaValues(db, input as TarjetaCreateInput)), metodo_financiero_detalle_id: detalleId })).id;
}

const OCUPADO = {
  cuentas_bancarias_metodo_financiero_detalle_id_key: ['metodo_financiero_detalle', METODO_MSG.detalleOcupado],
  billeteras_digitales_metodo_financiero_detalle_id_key: ['metodo_financiero_detalle', METODO_MSG.detalleOcupado],
  tarjetas_metodo_financiero_detalle_id_key: ['metodo_financiero_detalle', METODO_MSG.detalleOcupado],
} as const;

// ---- Lists and reads ----

export async function listInstancias(ctx: ServiceCtx, kind: TipoInstancia, input: ListQuery & InstanciaFilters) {
  const staff = staffView(ctx, kind);
  await listScope(ctx, staff, input);
  const v = { userId: ctx.actor.id, staff };
  if (kind === 'cuenta_bancaria') {
    const base = filteredCuentas(ctx.db, v, input);
    return listOrPage(selectCuentas(base), input, base, cuentaOf);
  }
  if (kind === 'billetera_digital') {
    const base = filteredBilleteras(ctx.db, v, input);
    return listOrPage(selectBilleteras(base), input, base, billeteraOf);
  }
  const base = filteredTarjetas(ctx.db, v, input);
  return listOrPage(selectTarjetas(base), input, base, tarjetaOf);
}

export async function getInstancia(ctx: ServiceCtx, kind: TipoInstancia, id: number) {
  const row = await findInstancia(ctx.db, kind, id);
  if (!row) throw notFound();
  await requireAccess(ctx, ctx.db, kind, { cliente_id: row.d_cliente }, 'view');
  return recordOf(ctx.db, kind, id);
}

/**
 * Details: staff get the house's instances (of the kinds they may view) unless they ask for a client
 * (`?cliente=`) or for `es_cuenta_casa=false`; a customer gets their own clients' instances.
 */
export async function listDetalles(ctx: ServiceCtx, input: ListQuery & InstanciaFilters) {
  const staffMetodos = (Object.keys(KINDS) as TipoInstancia[]).filter((k) => staffView(ctx, k)).map((k) => TIPO_METODO[k] as string);
  const staff = staffMetodos.length > 0;
  await listScope(ctx, staff, input);
  const casa = staff && input.cliente === undefined && input.es_cuenta_casa === undefined;
  const base = filteredDetalles(ctx.db, ctx.actor.id, staffMetodos, casa ? { ...input, es_cuenta_casa: true } : input);
  return listOrPage(selectDetalles(base), input, base, detalleOf);
}

export async function getDetalle(ctx: ServiceCtx, id: number) {
  const row = await findDetalle(ctx.db, id);
  if (!row) throw notFound();
  await requireAccess(ctx, ctx.db, KIND_BY_METODO[row.m_nombre], { cliente_id: row.d_cliente }, 'view');
  return detalleOf(row);
}

// ---- Creation ----

async function metodoDeKind(db: Db, metodoId: number) {
  const m = await findMetodo(db, metodoId);
  if (!m) throw fieldError('metodo_financiero', 'El método financiero no existe.');
  const kind = KIND_BY_METODO[m.nombre];
  if (!kind) throw fieldError('metodo_financiero', METODO_MSG.metodoSinInstancias);
  return { metodo: m, kind };
}

/** POST detalles/ (the spec's first call for third parties). */
export async function createDetalle(ctx: ServiceCtx, input: DetalleCreateInput) {
  return ctx.db.transaction().execute(async (trx) => {
    const { kind } = await metodoDeKind(trx, input.metodo_financiero);
    const cliente = await resolveOwner(ctx, trx, kind, input.cliente, input.es_cuenta_casa);
    const alias = input.alias || defaultAlias(kind, input.es_cuenta_casa);
    const { id } = await insertDetalle(trx, { cliente_id: cliente, es_cuenta_casa: input.es_cuenta_casa, metodo_financiero_id: input.metodo_financiero, alias, is_active: input.is_active });
    const rec = detalleOf((await findDetalle(trx, id))!);
    await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: 'metodo_financiero_detalle', entityId: id, after: rec });
    // The spec's integrators read the new id as `data.id`; the record's own fields stay at the top.
    return { ...rec, data: { id } };
  });
}

/** POST cuentas-bancarias/, billeteras-digitales/, tarjetas/ with an existing detail (the spec's second call). */
export function createSobreDetalle(ctx: ServiceCtx, kind: TipoInstancia, input: CuentaCreateInput | BilleteraCreateInput | TarjetaCreateInput) {
  return withUniqueFields(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const add = KINDS[kind].perms.add;
        const puedeAgregar = !!add && can(ctx, add);
        // Someone with no client at all (nor the permission) is refused before any lookup, whatever the id.
        if (!puedeAgregar && !staffView(ctx, kind) && !(await tieneClientes(trx, ctx.actor.id))) throw forbidden();
        const d = await lockDetalleRow(trx, input.metodo_financiero_detalle);
        if (!d) throw fieldError('metodo_financiero_detalle', METODO_MSG.detalleNoExiste);
        const owner = d.cliente_id && (await clienteAsignado(trx, ctx.actor.id, d.cliente_id));
        if (!owner && !puedeAgregar) {
          // A customer learns nothing of other clients' details.
          if (!staffView(ctx, kind)) throw fieldError('metodo_financiero_detalle', METODO_MSG.detalleNoExiste);
          throw forbidden();
        }
        const m = await findMetodo(trx, d.metodo_financiero_id);
        if (KIND_BY_METODO[m!.nombre] !== kind) throw fieldError('metodo_financiero_detalle', METODO_MSG.metodoNoCoincide);
        if (await detalleOcupado(trx, d.id)) throw fieldError('metodo_financiero_detalle', METODO_MSG.detalleOcupado);
        const id = await writeInstancia(trx, kind, d.id, input as Record<string, unknown>);
        const rec = await recordOf(trx, kind, id);
        await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: KINDS[kind].entity, entityId: id, after: rec });
        return rec;
      }),
    OCUPADO,
  );
}

/** The web client's one call: the detail and its account, wallet or card, in one transaction (no orphan detail). */
export async function crearInstancia(ctx: ServiceCtx, input: InstanciaCreateInput) {
  const kind = input.tipo_instancia;
  return ctx.db.transaction().execute(async (trx) => {
    const metodo = await findMetodoPorNombre(trx, TIPO_METODO[kind]);
    if (!metodo) throw validation({ tipo_instancia: [METODO_MSG.metodoSinInstancias] });
    const cliente = await resolveOwner(ctx, trx, kind, input.cliente, input.es_cuenta_casa);
    const alias = input.alias || defaultAlias(kind, input.es_cuenta_casa);
    const d = await insertDetalle(trx, { cliente_id: cliente, es_cuenta_casa: input.es_cuenta_casa, metodo_financiero_id: metodo.id, alias, is_active: true });
    const id = await writeInstancia(trx, kind, d.id, input as Record<string, unknown>);
    const rec = await recordOf(trx, kind, id);
    await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: 'metodo_financiero_detalle', entityId: d.id, after: rec.detalle });
    await audit(trx, { actorId: ctx.actor.id, action: 'create', entity: KINDS[kind].entity, entityId: id, after: rec });
    return rec;
  });
}

// ---- Changes ----

/**
 * What a PUT of an instance (`kind`) or of a detail (null) answers before its body is read: 404 for a
 * record that does not exist or the actor may not see, 403 without the permission to change it. The
 * write checks again under its lock; this only orders the answers (the router runs it before parsing).
 */
export async function puedeModificar(ctx: ServiceCtx, kind: TipoInstancia | null, id: number) {
  if (kind) {
    const row = await findInstancia(ctx.db, kind, id);
    if (!row) throw notFound();
    await requireAccess(ctx, ctx.db, kind, { cliente_id: row.d_cliente }, 'change');
    return;
  }
  const row = await findDetalle(ctx.db, id);
  if (!row) throw notFound();
  await requireAccess(ctx, ctx.db, KIND_BY_METODO[row.m_nombre], { cliente_id: row.d_cliente }, 'view');
}

/** PUT cuentas-bancarias/{id}/ (and wallets, cards): fields and optionally the alias; never an instance taken down by its catalogue. */
export async function updateInstancia(ctx: ServiceCtx, kind: TipoInstancia, input: CuentaUpdateInput | BilleteraUpdateInput | TarjetaUpdateInput) {
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockInstancia(trx, KINDS[kind].table, input.id);
    if (!locked) throw notFound();
    const before = await recordOf(trx, kind, input.id);
    await requireAccess(ctx, trx, kind, { cliente_id: before.detalle.cliente }, 'change');
    if (input.metodo_financiero_detalle !== undefined && input.metodo_financiero_detalle !== before.metodo_financiero_detalle) {
      throw fieldError('metodo_financiero_detalle', METODO_MSG.detalleNoCambia);
    }
    if (before.detalle.desactivado_por_catalogo) throw conflict(METODO_MSG.bloqueadaPorCatalogo);
    // The fields sent over the stored record (PUT changes what it sends); the merged record is checked.
    if (kind === 'cuenta_bancaria') {
      await updateCuentaRow(trx, input.id, await cuentaUpdateValues(trx, before as CuentaOut, input as CuentaUpdateInput));
    } else if (kind === 'billetera_digital') {
      const b = before as BilleteraOut;
      const w = input as BilleteraUpdateInput;
      const merged = {
        plataforma: w.plataforma ?? b.plataforma, usuario_id: w.usuario_id ?? b.usuario_id, email: w.email ?? b.email,
        telefono: w.telefono === undefined ? b.telefono : w.telefono || null,
      };
      await updateBilleteraRow(trx, input.id, await billeteraValues(trx, merged, b.plataforma));
    } else {
      const b = before as TarjetaOut;
      const t = input as TarjetaUpdateInput;
      const tipo = t.tipo ?? b.tipo;
      const marca = t.marca === undefined ? b.marca : t.marca;
      // A LOCAL card's network is its brand's name: a new brand brings its own unless one is sent.
      const brand = t.brand ?? (tipo === 'LOCAL' && marca !== b.marca ? undefined : b.brand);
      const merged = { tipo, payment_method_id: t.payment_method_id, brand, marca, last4: t.last4 ?? b.last4, exp_month: t.exp_month ?? b.exp_month, exp_year: t.exp_year ?? b.exp_year, titular: t.titular ?? b.titular };
      const checkExpiry = changes(t.exp_month, b.exp_month) || changes(t.exp_year, b.exp_year);
      await updateTarjetaRow(trx, input.id, await tarjetaValues(trx, merged, b.marca, b.payment_method_id, checkExpiry));
    }
    if (input.alias) await updateDetalleRow(trx, before.metodo_financiero_detalle, { alias: input.alias });
    const after = await recordOf(trx, kind, input.id);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await audit(trx, { actorId: ctx.actor.id, action: 'update', entity: KINDS[kind].entity, entityId: input.id, before, after });
    }
    return after;
  });
}

/**
 * Activates or deactivates an instance through its detail (spec 001 §4): the owner always, staff with
 * the kind's change (activate) or delete (deactivate) permission. An instance taken down by its
 * catalogue, or whose catalogue entry is inactive, cannot be reactivated (409).
 */
async function setDetalleActivo(ctx: ServiceCtx, id: number, next: ((cur: boolean) => boolean) | boolean | undefined, alias?: string, put = false) {
  return ctx.db.transaction().execute(async (trx) => {
    const pre = await findDetalle(trx, id);
    if (!pre) throw notFound();
    const kind = KIND_BY_METODO[pre.m_nombre];
    const cat = await catalogoDeDetalle(trx, id);
    // Lock order: the catalogue entry before the detail, as the catalogue's own toggle does.
    const catRow = cat ? await lockCatalogo(trx, { table: cat.tabla } as never, cat.id, 'share') : null;
    const d = await lockDetalleRow(trx, id);
    if (!d) throw notFound();
    const target = typeof next === 'function' ? next(d.is_active) : next ?? d.is_active;
    const activating = target && !d.is_active;
    const deactivating = !target && d.is_active;
    const renaming = alias !== undefined && alias !== d.alias;
    await requireAccess(ctx, trx, kind, d, 'view');
    if (activating || renaming) await requireAccess(ctx, trx, kind, d, 'change');
    if (deactivating) await requireAccess(ctx, trx, kind, d, 'delete');
    // Taken down by its catalogue: neither reactivated nor edited (PUT answers 409 as the instance's own PUT does).
    if ((activating || put) && d.desactivado_por_catalogo) throw conflict(METODO_MSG.bloqueadaPorCatalogo);
    if (activating && catRow && !catRow.is_active) throw conflict(METODO_MSG.catalogoInactivo);
    if (!activating && !deactivating && !renaming) return detalleOf(pre);
    const before = detalleOf(pre);
    await updateDetalleRow(trx, id, { ...(activating || deactivating ? { is_active: target } : {}), ...(renaming ? { alias } : {}) });
    const after = detalleOf((await findDetalle(trx, id))!);
    await audit(trx, {
      actorId: ctx.actor.id, action: renaming ? 'update' : activating ? 'activate' : 'deactivate', entity: 'metodo_financiero_detalle', entityId: id, before, after,
    });
    return after;
  });
}

export const toggleDetalle = (ctx: ServiceCtx, id: number) => setDetalleActivo(ctx, id, (cur) => !cur);

/** Whether the detail is an instance of a client assigned to the actor (their own, not the house's). */
export async function esDetallePropio(ctx: ServiceCtx, id: number): Promise<boolean> {
  const d = await findDetalle(ctx.db, id);
  return !!d?.d_cliente && (await clienteAsignado(ctx.db, ctx.actor.id, d.d_cliente));
}

/** PUT detalles/{id}/: alias and is_active; the owner, kind and catalogue mark are not editable. */
export async function updateDetalle(ctx: ServiceCtx, input: DetalleUpdateInput) {
  const pre = await findDetalle(ctx.db, input.id);
  if (!pre) throw notFound();
  await requireAccess(ctx, ctx.db, KIND_BY_METODO[pre.m_nombre], { cliente_id: pre.d_cliente }, 'view');
  const errors: FieldErrors = {};
  if (input.cliente !== undefined && input.cliente !== pre.d_cliente) errors.cliente = [METODO_MSG.detalleNoCambia];
  if (input.es_cuenta_casa !== undefined && input.es_cuenta_casa !== pre.d_casa) errors.es_cuenta_casa = [METODO_MSG.detalleNoCambia];
  if (input.metodo_financiero !== undefined && input.metodo_financiero !== pre.d_metodo) errors.metodo_financiero = [METODO_MSG.detalleNoCambia];
  if (input.desactivado_por_catalogo !== undefined && input.desactivado_por_catalogo !== pre.d_por_catalogo) {
    errors.desactivado_por_catalogo = ['Lo decide el catálogo: no se puede cambiar.'];
  }
  throwIfFieldErrors(errors);
  return setDetalleActivo(ctx, input.id, input.is_active, input.alias, true);
}
