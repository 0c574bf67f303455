import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { MontoInput } from '../../components/MontoInput';
import { trpc } from '../../trpc';
import { applyFieldErrors } from '../../lib/errors';
import { useGuardarLimites } from './hooks';
import { usePermissions } from '../../session/permissions';
import { P } from '../../../shared/permissions';
import { DIVISA_MSG, limitesInput } from '../../../shared/schemas/divisas';
import { leerMonto, montoATexto } from '../../../shared/montoEsPy';

/** Whole guaraníes; ₲ 0 is a limit too (no operation allowed), as the API takes it. */
const PYG = { decimales: 0, codigo: 'PYG', cero: true };
/** An empty field is "no limit"; anything else was read by the field (validate) before the submit. */
const limite = (t: string) => {
  const r = leerMonto(t, PYG);
  return t.trim() === '' || !r.ok ? null : r.monto;
};

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
  const { control, handleSubmit, reset, setError, formState } = useForm<Values>({
    defaultValues: { limite_diario: '', limite_mensual: '' },
  });

  useEffect(() => {
    // es-PY with thousands: a stored decimal (from before limits were whole guaraníes) reads "300.000.000,5" and is refused as such.
    const text = (v: string | null) => (v === null ? '' : montoATexto(v, 0));
    if (q.data) reset({ limite_diario: text(q.data.limite_diario), limite_mensual: text(q.data.limite_mensual) });
  }, [q.data, reset]);
  useEffect(() => {
    if (q.isError) toast.error(DIVISA_MSG.limitesError);
  }, [q.isError]);

  const onSubmit = handleSubmit(async (v) => {
    const body = { limite_diario: limite(v.limite_diario), limite_mensual: limite(v.limite_mensual) };
    // The rules across both fields (daily not above monthly) are the server's own schema, checked before sending.
    const checked = limitesInput.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) setError(issue.path[0] as keyof Values, { message: issue.message });
      toast.error(DIVISA_MSG.limitesActualizarError);
      return;
    }
    try {
      await save.mutateAsync(body);
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
      {(['limite_diario', 'limite_mensual'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          rules={{ validate: (t) => t.trim() === '' || leerMonto(t, PYG).ok }}
          render={({ field }) => (
            <MontoInput
              id={name}
              label={name === 'limite_diario' ? 'Límite diario' : 'Límite mensual'}
              value={field.value}
              onChange={field.onChange}
              decimales={0}
              codigo="PYG"
              cero
              opcional
              mostrarVacio={formState.isSubmitted}
              error={errors[name]?.message}
              disabled={!editable}
            />
          )}
        />
      ))}
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
