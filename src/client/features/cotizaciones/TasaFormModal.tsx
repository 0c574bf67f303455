import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '../../components/Modal';
import { FormActions } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { trpc } from '../../trpc';
import { applyFieldErrors } from '../../lib/errors';
import { useCrearTasa, useEditarTasa } from './hooks';
import { quoteRates } from '../../../shared/pricing';
import { tasaFigureErrors, type TasaRecord } from '../../../shared/schemas/cotizaciones';
import { rateFigureEsPy, tasaATexto, tasaForm } from '../../../shared/schemas/tasaFormEsPy';
import { formatTasa, type BaseCurrency } from './format';
import { useEnCurso } from '../../lib/useEnCurso';

interface Values {
  divisa: string;
  precioBase: string;
  comisionBaseCompra: string;
  comisionBaseVenta: string;
}
interface Parsed {
  divisa: number;
  precioBase: string;
  comisionBaseCompra: string;
  comisionBaseVenta: string;
}

/** "8000.0000" → "8.000,0000", "48.5" → "48,5000" for editing: es-PY that the form's reader reads back exactly. */
const plain = tasaATexto;

type FigureErrors = Partial<Record<keyof Values, string>>;

/**
 * While the user types: why a typed figure is not read (the amounts' reader: an ambiguous "1.360"
 * is said at once, never read as 1,36), the commission rule's messages (spec 001 §5: shown at once,
 * saving blocked) and compra/venta as they will be, read exactly as they will be saved.
 */
function liveCheck(v: Values): { figureErrors: FigureErrors; commissionErrors: FigureErrors; quote: ReturnType<typeof quoteRates> | null } {
  const names = ['precioBase', 'comisionBaseCompra', 'comisionBaseVenta'] as const;
  const parsed = names.map((n) => rateFigureEsPy.safeParse(v[n]));
  const figureErrors: FigureErrors = {};
  names.forEach((n, i) => {
    const r = parsed[i];
    if (!r.success && v[n].trim() !== '') figureErrors[n] = r.error.issues[0]?.message;
  });
  if (!parsed.every((f) => f.success)) return { figureErrors, commissionErrors: {}, quote: null };
  const [precioBase, comisionBaseCompra, comisionBaseVenta] = parsed.map((f) => f.data as string);
  const figures = { precioBase, comisionBaseCompra, comisionBaseVenta };
  const errors = tasaFigureErrors(figures);
  const commissionErrors = { comisionBaseCompra: errors.comisionBaseCompra?.[0], comisionBaseVenta: errors.comisionBaseVenta?.[0] };
  return { figureErrors, commissionErrors, quote: Object.keys(errors).length ? null : quoteRates(figures) };
}

/**
 * Create: the currency is chosen among active currencies without a rate, with an Activo checkbox
 * (ticked). Edit: the currency is locked and there is no Activo checkbox (spec 001 §4). A commission above the base price blocks saving.
 */
export function TasaFormModal({ open, tasa, base, onClose }: { open: boolean; tasa: TasaRecord | null; base: BaseCurrency | undefined; onClose: () => void }) {
  const editing = tasa !== null;
  const sinTasa = trpc.divisas.sinTasa.useQuery({ all: true }, { enabled: open && !editing });
  const create = useCrearTasa();
  const update = useEditarTasa();
  // Only on create (spec 001 §4: the edit form has no Activo checkbox): a rate may be loaded inactive and turned on later.
  const [activo, setActivo] = useState(true);
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(tasaForm) as unknown as Resolver<Values, unknown, Parsed>,
    defaultValues: { divisa: '', precioBase: '', comisionBaseCompra: '', comisionBaseVenta: '' },
  });

  useEffect(() => {
    if (!open) return;
    setActivo(true);
    reset(
      tasa
        ? { divisa: String(tasa.divisa), precioBase: plain(tasa.precioBase), comisionBaseCompra: plain(tasa.comisionBaseCompra), comisionBaseVenta: plain(tasa.comisionBaseVenta) }
        : { divisa: '', precioBase: '', comisionBaseCompra: '', comisionBaseVenta: '' },
    );
  }, [open, tasa, reset]);

  const onSubmit = handleSubmit(async (v) => {
    try {
      if (tasa) {
        await update.mutateAsync({ id: tasa.id, precioBase: v.precioBase, comisionBaseCompra: v.comisionBaseCompra, comisionBaseVenta: v.comisionBaseVenta });
      } else {
        await create.mutateAsync({ divisa: v.divisa, precioBase: v.precioBase, comisionBaseCompra: v.comisionBaseCompra, comisionBaseVenta: v.comisionBaseVenta, activo });
      }
      onClose();
    } catch (e) {
      console.error('Error al guardar la cotización', e);
      applyFieldErrors(e, setError);
    }
  });

  const { errors, isSubmitting } = formState;
  const enCurso = useEnCurso();
  const enviando = isSubmitting || enCurso.ocupado();
  const { figureErrors, commissionErrors, quote } = liveCheck(watch());
  const blocked = Object.values(figureErrors).some(Boolean) || !!(commissionErrors.comisionBaseCompra || commissionErrors.comisionBaseVenta);
  const figure = (name: keyof Omit<Values, 'divisa'>, label: string) => {
    const error = figureErrors[name] ?? errors[name]?.message ?? commissionErrors[name];
    return (
      <FormField label={label} htmlFor={`tasa-${name}`} error={error}>
        <input id={`tasa-${name}`} inputMode="decimal" autoComplete="off" placeholder="1.000,0000" className="input" aria-invalid={!!error} {...register(name)} />
      </FormField>
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={editing ? 'Editar Cotización' : 'Crear Cotización'}>
      <form onSubmit={enCurso.enviar(onSubmit)} noValidate className="space-y-4">
        {tasa ? (
          <div>
            <span className="label">Divisa</span>
            <p className="rounded-md border border-slate-200 bg-slate-100 px-3 py-2 text-sm" data-testid="tasa-divisa-fija">
              {tasa.divisa_detalle.codigo} – {tasa.divisa_detalle.nombre}
            </p>
          </div>
        ) : (
          <FormField label="Divisa" htmlFor="tasa-divisa" error={errors.divisa?.message}>
            <select id="tasa-divisa" className="input" {...register('divisa')}>
              <option value="">{sinTasa.isLoading ? 'Cargando' : 'Seleccione una divisa'}</option>
              {(Array.isArray(sinTasa.data) ? sinTasa.data : []).map((d) => (
                <option key={d.id} value={d.id}>
                  {d.codigo} – {d.nombre}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {figure('precioBase', 'Precio base')}
        {/* One column on a phone: two would cut the labels and crowd the figures at 375 px. */}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {figure('comisionBaseCompra', 'Comisión base Compra')}
          {figure('comisionBaseVenta', 'Comisión base Venta')}
        </div>
        {!editing && (
          <label className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-5 w-5 accent-emerald-700" checked={activo} onChange={(e) => setActivo(e.target.checked)} /> Activo
          </label>
        )}
        {quote && (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="tasa-preview">
            Compra: {formatTasa(quote.tasaCompra, base)} · Venta: {formatTasa(quote.tasaVenta, base)}
          </p>
        )}
        <FormActions submitting={enviando} disabled={blocked} onCancel={onClose} submitLabel={editing ? 'Guardar' : 'Crear Cotización'} />
      </form>
    </Modal>
  );
}
