import { useEffect, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '../../components/Modal';
import { FormActions } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { useCrearDivisa, useEditarDivisa } from './hooks';
import { applyFieldErrors } from '../../lib/errors';
import { DIVISA_MSG, divisaCreateInput, divisaUpdateInput, type DivisaRecord } from '../../../shared/schemas/divisas';
import { Bandera } from '../../components/Bandera';
import { useEnCurso } from '../../lib/useEnCurso';

interface Values {
  nombre: string;
  codigo: string;
  simbolo: string;
  max_digitos: string;
  precision: string;
  flag: string;
  es_base: boolean;
}

/** On edit the base flag is fixed; only the base currency may keep a precision of 2 or less (PYG: 0). */
const editSchema = (esBase: boolean) =>
  divisaUpdateInput.omit({ id: true, is_active: true }).superRefine((v, ctx) => {
    if (!esBase && v.precision <= 2) ctx.addIssue({ code: 'custom', path: ['precision'], message: DIVISA_MSG.precision });
  });

const emptyValues: Values = { nombre: '', codigo: '', simbolo: '', max_digitos: '30', precision: '6', flag: '', es_base: false };

/**
 * 'Crear Divisa' / 'Editar Divisa'. Closes and reloads the list on success; stays open on failure.
 * `offerBase`: it is known that no base currency exists, so creation shows the base checkbox (spec 001 §4).
 */
export function DivisaFormModal({ open, onClose, divisa, offerBase }: { open: boolean; onClose: () => void; divisa: DivisaRecord | null; offerBase: boolean }) {
  const editing = divisa !== null;
  const schema = useMemo(() => (divisa ? editSchema(divisa.es_base) : divisaCreateInput), [divisa]);
  const { register, handleSubmit, formState, reset, setError, watch } = useForm<Values>({
    resolver: zodResolver(schema as never) as unknown as Resolver<Values>,
    defaultValues: emptyValues,
  });
  const create = useCrearDivisa();
  const update = useEditarDivisa();

  useEffect(() => {
    if (!open) return;
    reset(
      divisa
        ? { nombre: divisa.nombre, codigo: divisa.codigo, simbolo: divisa.simbolo, max_digitos: String(divisa.max_digitos), precision: String(divisa.precision), flag: divisa.flag ?? '', es_base: divisa.es_base }
        : emptyValues,
    );
  }, [open, divisa, reset]);

  const onSubmit = handleSubmit(async (parsed) => {
    // The resolver hands over the parsed values (numbers, uppercase code, null flag).
    const values = parsed as unknown as Record<string, unknown>;
    try {
      if (divisa) await update.mutateAsync({ ...(values as Parameters<typeof update.mutateAsync>[0]), id: divisa.id });
      else await create.mutateAsync(values as Parameters<typeof create.mutateAsync>[0]);
      onClose();
    } catch (e) {
      applyFieldErrors(e, setError);
    }
  });

  const { errors, isSubmitting } = formState;
  const enCurso = useEnCurso();
  const enviando = isSubmitting || enCurso.ocupado();
  const flag = watch('flag');
  const text = (name: keyof Values, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} htmlFor={`divisa-${name}`} error={errors[name]?.message}>
      <input id={`divisa-${name}`} className="input" aria-invalid={!!errors[name]} {...props} {...register(name)} />
    </FormField>
  );

  return (
    <Modal open={open} onClose={onClose} title={editing ? 'Editar Divisa' : 'Crear Divisa'}>
      <form onSubmit={enCurso.enviar(onSubmit)} noValidate className="space-y-4">
        {text('nombre', 'Nombre', { maxLength: 30 })}
        <div className="grid grid-cols-2 gap-4">
          {text('codigo', 'Código', { maxLength: 3, className: 'input uppercase' })}
          {text('simbolo', 'Símbolo', { maxLength: 3 })}
          {/* Text, not type=number: Chromium drops a typed comma there ('1,5' became 15) instead of refusing it. */}
          {text('max_digitos', 'Máx. dígitos', { inputMode: 'numeric', maxLength: 4 })}
          {text('precision', 'Precisión', { inputMode: 'numeric', maxLength: 4 })}
        </div>
        <FormField label="Bandera (código de país, p. ej. US)" htmlFor="divisa-flag" error={errors.flag?.message}>
          <div className="flex items-center gap-2">
            <input id="divisa-flag" className="input uppercase" maxLength={2} {...register('flag')} />
            <Bandera codigo={flag} className="h-6 w-9" />
          </div>
        </FormField>
        {editing ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={divisa.es_base} disabled readOnly /> Divisa base
          </label>
        ) : (
          offerBase && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" {...register('es_base')} /> Divisa base
            </label>
          )
        )}
        <FormActions submitting={enviando} onCancel={onClose} submitLabel={editing ? 'Guardar' : 'Crear Divisa'} />
      </form>
    </Modal>
  );
}
