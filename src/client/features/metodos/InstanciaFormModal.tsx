import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { applyFieldErrors } from '../../lib/errors';
import { Modal } from '../../components/Modal';
import { FormActions } from '../../components/FormActions';
import { trpc } from '../../trpc';
import { METODO_MSG, vencimientoErrors, type BilleteraRecord, type CuentaRecord, type TarjetaRecord } from '../../../shared/schemas/metodos';
import { TELEFONO_RE } from '../../../shared/schemas/fields';
import { Field, RegText, type Errors } from './ui';
import { useInstanciaMutations, type InstanciaKind } from './hooks';
import { agruparTarjeta, detectarBrand, nuevoPaymentMethodId, soloDigitos } from './tarjeta';
import { comisionesDelCliente } from './comisionCliente';
import { useEnCurso } from '../../lib/useEnCurso';

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
  if (editing && !v.alias.trim()) e.alias = METODO_MSG.aliasVacio;
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
    if (v.telefono.trim() && !TELEFONO_RE.test(v.telefono.trim())) e.telefono = METODO_MSG.telefonoFormato;
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
  const opciones = trpc.metodos.opciones.useQuery(undefined, { enabled: !!state });
  const m = useInstanciaMutations(kind, casa);
  const item = state?.item ?? null;
  const readOnly = state?.mode === 'view';

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
  const cvuOf = (banco: string) => (kind === 'cuentas' ? (bancos.find((b) => String(b.id) === banco)?.cvu ?? null) : null);

  // The resolver reads the latest options and item through a ref (it is created once with the form).
  const ctx = useRef({ kind, editing: !!item, cvuOf });
  ctx.current = { kind, editing: !!item, cvuOf };
  const resolver = useCallback<Resolver<V>>(async (values) => {
    const c = ctx.current;
    const errs = validate(c.kind, values, c.editing, c.cvuOf(values.banco));
    const keys = Object.keys(errs);
    if (!keys.length) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(keys.map((k) => [k, { type: 'validation', message: errs[k] }])) as FieldErrors<V> };
  }, []);
  const { register, handleSubmit, reset, setError, clearErrors, setValue, getValues, watch, formState } = useForm<V>({ resolver, defaultValues: EMPTY });
  useEffect(() => {
    if (state) reset(valuesOf(kind, state.item));
  }, [state, kind, reset]);

  const fixedCvu = cvuOf(watch('banco'));
  const tipo = watch('tipo');
  const bancoReg = register('banco', {
    onChange: (e: { target: { value: string } }) => {
      const cvu = cvuOf(e.target.value);
      if (cvu) {
        // The bank's own number fills the field: a message about it left empty no longer applies.
        setValue('cbu_cvu', cvu);
        clearErrors('cbu_cvu');
      } else if (bancos.some((b) => b.cvu === getValues('cbu_cvu'))) setValue('cbu_cvu', '');
    },
  });
  /** A registration whose typed text is normalised first (card number grouped by 4, digits only). */
  const formatted = (name: keyof V, fmt: (s: string) => string) => {
    const r = register(name);
    const onChange: UseFormRegisterReturn['onChange'] = (e: { target: HTMLInputElement }) => {
      e.target.value = fmt(e.target.value);
      return r.onChange(e);
    };
    return { ...r, onChange };
  };

  const onSubmit = handleSubmit(async (v) => {
    let fields: Record<string, unknown>;
    if (kind === 'cuentas') fields = { banco: Number(v.banco), numero_cuenta: v.numero_cuenta, titular: v.titular, cbu_cvu: cvuOf(v.banco) ?? v.cbu_cvu };
    else if (kind === 'billeteras') fields = { plataforma: Number(v.plataforma), usuario_id: v.usuario_id, email: v.email, telefono: v.telefono || null };
    else {
      // Only what the server keeps: the number and CVV stay here.
      fields = { tipo: v.tipo, marca: v.tipo === 'LOCAL' && v.marca ? Number(v.marca) : null, titular: v.titular, exp_month: Number(v.exp_month), exp_year: Number(v.exp_year) };
      if (!item) Object.assign(fields, { last4: soloDigitos(v.numero).slice(-4), brand: v.tipo === 'LOCAL' ? undefined : detectarBrand(v.numero), payment_method_id: nuevoPaymentMethodId() });
    }
    try {
      if (item) await m.update.mutateAsync({ id: item.id, ...fields, alias: v.alias.trim() } as never);
      else await m.create.mutateAsync({ tipo_instancia: TIPO[kind], es_cuenta_casa: casa, cliente: casa ? null : cliente, alias: v.alias.trim() || undefined, ...fields } as never);
      reset(EMPTY);
      onClose();
    } catch (err) {
      applyFieldErrors(err, setError);
    }
  });

  const { errors, isSubmitting } = formState;
  const enCurso = useEnCurso();
  const enviando = isSubmitting || enCurso.ocupado();
  const err = (k: keyof V) => errors[k]?.message;
  const title = `${state?.mode === 'create' ? 'Crear' : readOnly ? 'Detalles de' : 'Editar'} ${TITLES[kind]}${casa ? ' de la Casa' : ''}`;
  const select = (id: string, label: string, reg: UseFormRegisterReturn, options: { id: number; label: string }[], error?: string, disabled = readOnly) => (
    <Field id={id} label={label} error={error}>
      <select id={id} className="input" disabled={disabled} aria-invalid={!!error} {...reg}>
        <option value="">Seleccione…</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <Modal open={!!state} onClose={onClose} title={title}>
      <form onSubmit={readOnly ? (e) => e.preventDefault() : enCurso.enviar(onSubmit)} noValidate className="space-y-4" autoComplete="off">
        <RegText id="inst-alias" label={item ? 'Alias' : 'Alias (opcional)'} reg={register('alias')} error={err('alias')} readOnly={readOnly} maxLength={100} />
        {kind === 'cuentas' && (
          <>
            {select('inst-banco', 'Banco', bancoReg, bancos.map((b) => ({ id: b.id, label: b.nombre })), err('banco'))}
            <RegText id="inst-numero-cuenta" label="Número de cuenta" reg={register('numero_cuenta')} error={err('numero_cuenta')} readOnly={readOnly} maxLength={50} />
            <RegText id="inst-titular" label="Titular" reg={register('titular')} error={err('titular')} readOnly={readOnly} maxLength={100} />
            <RegText id="inst-cbu" label={fixedCvu ? 'CBU/CVU (fijo del banco)' : 'CBU/CVU'} inputMode="numeric" maxLength={22} reg={register('cbu_cvu')} error={err('cbu_cvu')} readOnly={readOnly || !!fixedCvu} />
          </>
        )}
        {kind === 'billeteras' && (
          <>
            {select('inst-plataforma', 'Plataforma', register('plataforma'), plataformas.map((p) => ({ id: p.id, label: p.nombre })), err('plataforma'))}
            <RegText id="inst-usuario" label="ID de usuario" reg={register('usuario_id')} error={err('usuario_id')} readOnly={readOnly} maxLength={100} />
            <RegText id="inst-email" label="Email" type="email" reg={register('email')} error={err('email')} readOnly={readOnly} maxLength={254} />
            <RegText id="inst-telefono" label="Teléfono (opcional)" type="tel" reg={register('telefono')} error={err('telefono')} readOnly={readOnly} maxLength={30} />
          </>
        )}
        {kind === 'tarjetas' && (
          <>
            <Field id="inst-tipo" label="Tipo" error={err('tipo')}>
              <select id="inst-tipo" className="input" disabled={readOnly || !!item} {...register('tipo')}>
                <option value="LOCAL">Local</option>
                <option value="STRIPE">Internacional (Stripe)</option>
              </select>
            </Field>
            {tipo === 'LOCAL' && select('inst-marca', 'Marca', register('marca'), marcas.map((x) => ({ id: x.id, label: x.marca })), err('marca'))}
            <RegText id="inst-titular" label="Titular" reg={register('titular')} error={err('titular')} readOnly={readOnly} maxLength={100} />
            {item ? (
              <p className="text-sm text-slate-600">Tarjeta terminada en {(item as TarjetaRecord).last4}</p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-3">
                <div className="sm:col-span-2">
                  <RegText id="inst-numero" label="Número de tarjeta" inputMode="numeric" autoComplete="off" maxLength={23} reg={formatted('numero', agruparTarjeta)} error={err('numero')} placeholder="0000 0000 0000 0000" />
                </div>
                <RegText id="inst-cvv" label="CVV" inputMode="numeric" autoComplete="off" maxLength={4} reg={formatted('cvv', soloDigitos)} error={err('cvv')} />
              </div>
            )}
            <div className="grid grid-cols-2 gap-4">
              <RegText id="inst-mes" label="Mes (MM)" inputMode="numeric" maxLength={2} reg={formatted('exp_month', soloDigitos)} error={err('exp_month')} readOnly={readOnly} />
              <RegText id="inst-anio" label="Año (AAAA)" inputMode="numeric" maxLength={4} reg={formatted('exp_year', soloDigitos)} error={err('exp_year')} readOnly={readOnly} />
            </div>
          </>
        )}
        {readOnly && item && !casa && <p className="text-sm text-slate-600">Comisión: {comisionesDelCliente(item.comision_efectiva)}</p>}
        {readOnly && item && casa && (
          <p className="text-sm text-slate-600">
            Comisión efectiva: cobro {item.comision_efectiva.venta ? `${item.comision_efectiva.venta.replace('.', ',')} %` : 'no permite'} · pago{' '}
            {item.comision_efectiva.compra ? `${item.comision_efectiva.compra.replace('.', ',')} %` : 'no permite'}
          </p>
        )}
        <FormActions readOnly={readOnly} submitting={enviando} onCancel={onClose} submitLabel={item ? 'Guardar' : 'Crear'} />
      </form>
    </Modal>
  );
}
