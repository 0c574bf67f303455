import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { FormField } from '../../components/FormField';
import { trpc } from '../../trpc';
import { applyFieldErrors } from '../../lib/errors';
import { useGuardarLimites } from './hooks';
import { usePermissions } from '../../session/permissions';
import { P } from '../../../shared/permissions';
import { DIVISA_MSG, limitesInput, type LimitesInput } from '../../../shared/schemas/divisas';
import { toInputDecimal } from '../../../shared/money';

interface Values {
  limite_diario: string;
  limite_mensual: string;
}

/**
 * 'Configuración' tab: daily and monthly limits in PYG. Loaded only with VIEW; editable only with
 * CHANGE, and only once the current values are loaded, so a save never blanks limits nobody saw.
 */
export function LimitesForm() {
  const perms = usePermissions();
  const canView = perms.has(P.viewLimites);
  const canChange = perms.has(P.changeLimites);
  const q = trpc.divisas.limites.get.useQuery(undefined, { enabled: canView });
  const editable = canChange && canView && q.isSuccess;
  const save = useGuardarLimites();
  const { register, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: zodResolver(limitesInput) as unknown as Resolver<Values>,
    defaultValues: { limite_diario: '', limite_mensual: '' },
  });

  useEffect(() => {
    // es-PY: a stored decimal (from before limits were whole guaraníes) reads "300000000,50", not "300000000.50".
    const text = (v: string | null) => (v === null ? '' : toInputDecimal(v));
    if (q.data) reset({ limite_diario: text(q.data.limite_diario), limite_mensual: text(q.data.limite_mensual) });
  }, [q.data, reset]);
  useEffect(() => {
    if (q.isError) toast.error(DIVISA_MSG.limitesError);
  }, [q.isError]);

  const onSubmit = handleSubmit(async (parsed) => {
    try {
      await save.mutateAsync(parsed as unknown as LimitesInput);
    } catch (e) {
      applyFieldErrors(e, setError);
    }
  }, () => toast.error(DIVISA_MSG.limitesActualizarError));

  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={onSubmit} noValidate className="card max-w-lg space-y-4" aria-label="Límites">
      <h2 className="text-lg font-semibold">Límites de operación (₲)</h2>
      <p className="text-sm text-slate-600">Monto máximo por cliente en guaraníes. Vacío: sin límite.</p>
      {canView && q.isLoading && <p className="text-sm text-slate-500">Cargando</p>}
      {canChange && !canView && (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {DIVISA_MSG.limitesSinVer}
        </p>
      )}
      <FormField label="Límite diario" htmlFor="limite_diario" error={errors.limite_diario?.message}>
        <input id="limite_diario" inputMode="decimal" maxLength={30} className="input" disabled={!editable} {...register('limite_diario')} />
      </FormField>
      <FormField label="Límite mensual" htmlFor="limite_mensual" error={errors.limite_mensual?.message}>
        <input id="limite_mensual" inputMode="decimal" maxLength={30} className="input" disabled={!editable} {...register('limite_mensual')} />
      </FormField>
      {canChange && (
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={!editable || isSubmitting}>
            {isSubmitting ? 'Guardando...' : 'Guardar'}
          </button>
        </div>
      )}
    </form>
  );
}
