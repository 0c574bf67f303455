import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { FormActions } from '../../components/FormActions';
import { trpc } from '../../trpc';
import { METODO_MSG, vencimientoErrors, type BilleteraRecord, type CuentaRecord, type TarjetaRecord } from '../../../shared/schemas/metodos';
import { Field, TextField, serverErrors, type Errors } from './ui';
import { useInstanciaMutations, type InstanciaKind } from './hooks';
import { agruparTarjeta, detectarBrand, nuevoPaymentMethodId, soloDigitos } from './tarjeta';

export type InstanciaRecord = CuentaRecord | BilleteraRecord | TarjetaRecord;
export interface InstanciaModalState {
  mode: 'create' | 'edit' | 'view';
  item: InstanciaRecord | null;
}

const TITLES: Record<InstanciaKind, string> = { cuentas: 'Cuenta Bancaria', billeteras: 'Billetera Digital', tarjetas: 'Tarjeta' };
const TIPO: Record<InstanciaKind, 'cuenta_bancaria' | 'billetera_digital' | 'tarjeta'> = { cuentas: 'cuenta_bancaria', billeteras: 'billetera_digital', tarjetas: 'tarjeta' };

type V = Record<string, string>;
const EMPTY: V = { alias: '', banco: '', numero_cuenta: '', titular: '', cbu_cvu: '', plataforma: '', usuario_id: '', email: '', telefono: '', tipo: 'LOCAL', marca: '', numero: '', cvv: '', exp_month: '', exp_year: '' };

function valuesOf(kind: InstanciaKind, item: InstanciaRecord | null): V {
  if (!item) return EMPTY;
  const base = { ...EMPTY, alias: item.detalle.alias };
  if (kind === 'cuentas') {
    const c = item as CuentaRecord;
    return { ...base, banco: String(c.banco), numero_cuenta: c.numero_cuenta, titular: c.titular, cbu_cvu: c.cbu_cvu };
  }
  if (kind === 'billeteras') {
    const b = item as BilleteraRecord;
    return { ...base, plataforma: String(b.plataforma), usuario_id: b.usuario_id, email: b.email, telefono: b.telefono ?? '' };
  }
  const t = item as TarjetaRecord;
  return { ...base, tipo: t.tipo, marca: t.marca ? String(t.marca) : '', titular: t.titular, exp_month: String(t.exp_month).padStart(2, '0'), exp_year: String(t.exp_year) };
}

/** Browser-side rules of §5 (the server checks them again, except the number and CVV it never sees). */
function validate(kind: InstanciaKind, v: V, editing: boolean, fixedCvu: string | null): Errors {
  const e: Errors = {};
  if (kind === 'cuentas') {
    if (!v.banco) e.banco = METODO_MSG.bancoRequerido;
    if (!v.numero_cuenta.trim()) e.numero_cuenta = METODO_MSG.numeroCuentaRequerido;
    if (!v.titular.trim()) e.titular = METODO_MSG.titularRequerido;
    if (!fixedCvu) {
      if (!v.cbu_cvu.trim()) e.cbu_cvu = METODO_MSG.cbuRequerido;
      else if (!/^\d{22}$/.test(v.cbu_cvu.trim())) e.cbu_cvu = METODO_MSG.cbuLargo;
    }
  } else if (kind === 'billeteras') {
    if (!v.plataforma) e.plataforma = METODO_MSG.plataformaRequerida;
    if (!v.usuario_id.trim()) e.usuario_id = METODO_MSG.usuarioIdRequerido;
    if (!v.email.trim()) e.email = METODO_MSG.emailRequerido;
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) e.email = METODO_MSG.emailInvalido;
  } else {
    if (!v.tipo) e.tipo = METODO_MSG.tipoTarjetaRequerido;
    if (!v.titular.trim()) e.titular = METODO_MSG.titularRequerido;
    if (!editing) {
      const n = soloDigitos(v.numero);
      if (!n) e.numero = METODO_MSG.numeroTarjetaRequerido;
      else if (n.length < 13 || n.length > 19) e.numero = METODO_MSG.numeroTarjeta;
      if (!v.cvv) e.cvv = METODO_MSG.cvvRequerido;
      else if (!/^\d{3,4}$/.test(v.cvv)) e.cvv = METODO_MSG.cvv;
    }
    if (v.tipo === 'LOCAL' && !v.marca) e.marca = METODO_MSG.marcaSeleccion;
    const mes = Number(v.exp_month);
    const anio = Number(v.exp_year);
    if (!/^\d{1,2}$/.test(v.exp_month) || mes < 1 || mes > 12) e.exp_month = METODO_MSG.mesInvalido;
    if (!/^\d{4}$/.test(v.exp_year)) e.exp_year = METODO_MSG.anioInvalido;
    if (!e.exp_month && !e.exp_year) Object.assign(e, Object.fromEntries(Object.entries(vencimientoErrors(mes, anio)).map(([k, m]) => [k, m[0]])));
  }
  return e;
}

/** Create, edit and view of an account, wallet or card; `cliente` null with `casa` for the house. */
export function InstanciaFormModal({ kind, casa, cliente, state, onClose }: { kind: InstanciaKind; casa: boolean; cliente: string | null; state: InstanciaModalState | null; onClose: () => void }) {
  const [v, setV] = useState<V>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const opciones = trpc.metodos.opciones.useQuery(undefined, { enabled: !!state });
  const m = useInstanciaMutations(kind, casa);
  const item = state?.item ?? null;
  const readOnly = state?.mode === 'view';
  useEffect(() => {
    if (!state) return;
    setErrors({});
    setV(valuesOf(kind, state.item));
  }, [state, kind]);
  const set = (k: string) => (val: string) => setV((p) => ({ ...p, [k]: val }));

  // Only active entries are offered; an edited instance keeps showing its current one.
  const bancos = useMemo(() => {
    const list = opciones.data?.bancos ?? [];
    const c = item as CuentaRecord | null;
    return c && kind === 'cuentas' && !list.some((b) => b.id === c.banco) ? [...list, { id: c.banco, nombre: c.banco_nombre, cvu: c.banco_cvu }] : list;
  }, [opciones.data, item, kind]);
  const plataformas = useMemo(() => {
    const list = opciones.data?.billeteras ?? [];
    const b = item as BilleteraRecord | null;
    return b && kind === 'billeteras' && !list.some((p) => p.id === b.plataforma) ? [...list, { id: b.plataforma, nombre: b.plataforma_nombre }] : list;
  }, [opciones.data, item, kind]);
  const marcas = useMemo(() => {
    const list = opciones.data?.marcas ?? [];
    const t = item as TarjetaRecord | null;
    return t && kind === 'tarjetas' && t.marca && !list.some((x) => x.id === t.marca) ? [...list, { id: t.marca, marca: t.marca_nombre ?? '' }] : list;
  }, [opciones.data, item, kind]);
  const fixedCvu = kind === 'cuentas' ? (bancos.find((b) => String(b.id) === v.banco)?.cvu ?? null) : null;

  const chooseBanco = (id: string) => {
    const b = bancos.find((x) => String(x.id) === id);
    setV((p) => ({ ...p, banco: id, cbu_cvu: b?.cvu ?? (p.cbu_cvu === fixedCvu ? '' : p.cbu_cvu) }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validate(kind, v, !!item, fixedCvu);
    if (Object.keys(errs).length) return setErrors(errs);
    let fields: Record<string, unknown>;
    if (kind === 'cuentas') fields = { banco: Number(v.banco), numero_cuenta: v.numero_cuenta, titular: v.titular, cbu_cvu: fixedCvu ?? v.cbu_cvu };
    else if (kind === 'billeteras') fields = { plataforma: Number(v.plataforma), usuario_id: v.usuario_id, email: v.email, telefono: v.telefono || null };
    else {
      // Only what the server keeps: the number and CVV stay here.
      fields = { tipo: v.tipo, marca: v.marca ? Number(v.marca) : null, titular: v.titular, exp_month: Number(v.exp_month), exp_year: Number(v.exp_year) };
      if (!item) Object.assign(fields, { last4: soloDigitos(v.numero).slice(-4), brand: v.tipo === 'LOCAL' ? undefined : detectarBrand(v.numero), payment_method_id: nuevoPaymentMethodId() });
    }
    try {
      if (item) await m.update.mutateAsync({ id: item.id, ...fields, ...(v.alias.trim() ? { alias: v.alias.trim() } : {}) } as never);
      else await m.create.mutateAsync({ tipo_instancia: TIPO[kind], es_cuenta_casa: casa, cliente: casa ? null : cliente, alias: v.alias.trim() || undefined, ...fields } as never);
      setV(EMPTY);
      onClose();
    } catch (err) {
      setErrors(serverErrors(err) ?? {});
    }
  };

  const title = `${state?.mode === 'create' ? 'Crear' : readOnly ? 'Detalles de' : 'Editar'} ${TITLES[kind]}${casa ? ' de la Casa' : ''}`;
  const select = (id: string, label: string, value: string, onChange: (v: string) => void, options: { id: number; label: string }[], error?: string) => (
    <Field id={id} label={label} error={error}>
      <select id={id} className="input" value={value} disabled={readOnly} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error}>
        <option value="">Seleccione…</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <Modal open={!!state} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="space-y-4" autoComplete="off">
        <TextField id="inst-alias" label="Alias (opcional)" value={v.alias} onChange={set('alias')} error={errors.alias} readOnly={readOnly} maxLength={100} />
        {kind === 'cuentas' && (
          <>
            {select('inst-banco', 'Banco', v.banco, chooseBanco, bancos.map((b) => ({ id: b.id, label: b.nombre })), errors.banco)}
            <TextField id="inst-numero-cuenta" label="Número de cuenta" value={v.numero_cuenta} onChange={set('numero_cuenta')} error={errors.numero_cuenta} readOnly={readOnly} maxLength={50} />
            <TextField id="inst-titular" label="Titular" value={v.titular} onChange={set('titular')} error={errors.titular} readOnly={readOnly} maxLength={100} />
            <TextField id="inst-cbu" label={fixedCvu ? 'CBU/CVU (fijo del banco)' : 'CBU/CVU'} inputMode="numeric" maxLength={22} value={fixedCvu ?? v.cbu_cvu} onChange={set('cbu_cvu')} error={errors.cbu_cvu} readOnly={readOnly || !!fixedCvu} />
          </>
        )}
        {kind === 'billeteras' && (
          <>
            {select('inst-plataforma', 'Plataforma', v.plataforma, set('plataforma'), plataformas.map((p) => ({ id: p.id, label: p.nombre })), errors.plataforma)}
            <TextField id="inst-usuario" label="ID de usuario" value={v.usuario_id} onChange={set('usuario_id')} error={errors.usuario_id} readOnly={readOnly} maxLength={100} />
            <TextField id="inst-email" label="Email" type="email" value={v.email} onChange={set('email')} error={errors.email} readOnly={readOnly} maxLength={254} />
            <TextField id="inst-telefono" label="Teléfono (opcional)" type="tel" value={v.telefono} onChange={set('telefono')} error={errors.telefono} readOnly={readOnly} maxLength={30} />
          </>
        )}
        {kind === 'tarjetas' && (
          <>
            <Field id="inst-tipo" label="Tipo" error={errors.tipo}>
              <select id="inst-tipo" className="input" value={v.tipo} disabled={readOnly || !!item} onChange={(e) => set('tipo')(e.target.value)}>
                <option value="LOCAL">Local</option>
                <option value="STRIPE">Internacional (Stripe)</option>
              </select>
            </Field>
            {v.tipo === 'LOCAL' && select('inst-marca', 'Marca', v.marca, set('marca'), marcas.map((x) => ({ id: x.id, label: x.marca })), errors.marca)}
            <TextField id="inst-titular" label="Titular" value={v.titular} onChange={set('titular')} error={errors.titular} readOnly={readOnly} maxLength={100} />
            {item ? (
              <p className="text-sm text-slate-600">Tarjeta terminada en {(item as TarjetaRecord).last4}</p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-3">
                <div className="sm:col-span-2">
                  <TextField id="inst-numero" label="Número de tarjeta" inputMode="numeric" autoComplete="off" maxLength={23} value={v.numero} onChange={(x) => set('numero')(agruparTarjeta(x))} error={errors.numero} placeholder="0000 0000 0000 0000" />
                </div>
                <TextField id="inst-cvv" label="CVV" inputMode="numeric" autoComplete="off" maxLength={4} value={v.cvv} onChange={(x) => set('cvv')(soloDigitos(x))} error={errors.cvv} />
              </div>
            )}
            <div className="grid grid-cols-2 gap-4">
              <TextField id="inst-mes" label="Mes (MM)" inputMode="numeric" maxLength={2} value={v.exp_month} onChange={(x) => set('exp_month')(soloDigitos(x))} error={errors.exp_month} readOnly={readOnly} />
              <TextField id="inst-anio" label="Año (AAAA)" inputMode="numeric" maxLength={4} value={v.exp_year} onChange={(x) => set('exp_year')(soloDigitos(x))} error={errors.exp_year} readOnly={readOnly} />
            </div>
          </>
        )}
        {readOnly && item && (
          <p className="text-sm text-slate-600">
            Comisión efectiva: cobro {item.comision_efectiva.venta ? `${item.comision_efectiva.venta.replace('.', ',')} %` : 'no permite'} · pago{' '}
            {item.comision_efectiva.compra ? `${item.comision_efectiva.compra.replace('.', ',')} %` : 'no permite'}
          </p>
        )}
        <FormActions readOnly={readOnly} submitting={m.create.isPending || m.update.isPending} onCancel={onClose} submitLabel={item ? 'Guardar' : 'Crear'} />
      </form>
    </Modal>
  );
}
