import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { applyFieldErrors } from '../../lib/errors';
import type { z } from 'zod';
import type { UmbralInput } from '../../../shared/schemas/reportes';
import { umbralForm } from '../../../shared/schemas/umbralFormEsPy';
import { formatAmount } from '../../../shared/format';
import { useGuardarUmbral } from './hooks';

/** Staff who manage the Tausers set the minimum per currency below which a terminal is flagged. */
export function UmbralForm({ divisas }: { divisas: { id: number; codigo: string; minimo: string | null }[] }) {
  const guardar = useGuardarUmbral();
  // Read es-PY ("10.000" is ten thousand) with Spanish messages; the server takes the digits.
  const form = useForm<z.input<typeof umbralForm>, unknown, UmbralInput>({ resolver: zodResolver(umbralForm), defaultValues: { divisa_id: '', minimo: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await guardar.mutateAsync(values);
      form.reset({ divisa_id: String(values.divisa_id), minimo: '' });
    } catch (e) {
      applyFieldErrors(e, form.setError);
    }
  });
  return (
    <form className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4" onSubmit={(e) => void submit(e)} aria-label="Mínimo de stock" noValidate>
      <label className="block text-sm font-medium text-slate-700">
        Divisa
        <select className="input mt-1 w-40" {...form.register('divisa_id')} aria-invalid={!!errors.divisa_id}>
          <option value="">Elegí</option>
          {divisas.map((d) => (
            <option key={d.id} value={d.id}>
              {d.codigo}
              {d.minimo !== null ? ` (mínimo actual ${formatAmount(d.minimo, 0)})` : ''}
            </option>
          ))}
        </select>
        {errors.divisa_id && <span className="field-error block">{errors.divisa_id.message}</span>}
      </label>
      <label className="block text-sm font-medium text-slate-700">
        Mínimo en unidades
        <input className="input mt-1 w-40 tabular-nums" inputMode="numeric" autoComplete="off" placeholder="10.000" {...form.register('minimo')} aria-invalid={!!errors.minimo} />
        {errors.minimo && <span className="field-error block">{errors.minimo.message}</span>}
      </label>
      <button type="submit" className="btn-primary" disabled={guardar.isPending}>
        {guardar.isPending ? 'Guardando…' : 'Guardar mínimo'}
      </button>
      <p className="w-full text-xs text-slate-600">Una terminal con menos valor que el mínimo de una divisa se marca con «Stock bajo». 0 quita el aviso.</p>
    </form>
  );
}
