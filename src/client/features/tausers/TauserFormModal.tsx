import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { Modal } from '../../components/Modal';
import { FormActions } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { applyFieldErrors } from '../../lib/errors';
import { TAUSER_MSG, tauserForm, type TauserFormIn, type TauserFormOut, type TauserRecord } from '../../../shared/schemas/tausers';
import { useCrearTauser, useEditarTauser } from './hooks';
import { coordEsPy, pointOf, roundCoord } from './geo';
import { LazyMap } from './LazyMap';
import { useEnCurso } from '../../lib/useEnCurso';

export type TauserFormState = { mode: 'create' } | { mode: 'edit'; tauser: TauserRecord } | null;

/** 'Crear Tauser' / 'Editar Tauser' (spec 001 §2): the fields beside a map where a click sets the coordinates. */
export function TauserFormModal({ state, onClose }: { state: TauserFormState; onClose: () => void }) {
  return (
    <Modal open={!!state} onClose={onClose} title={state?.mode === 'edit' ? 'Editar Tauser' : 'Crear Tauser'} size="xl">
      {state && <TauserForm key={state.mode === 'edit' ? state.tauser.idTauser : 'nuevo'} state={state} onDone={onClose} />}
    </Modal>
  );
}

/**
 * Text boxes, not type=number: a number box drops the decimal comma people type here ("-25,26" became -2526).
 * The schema reads a comma or a point and keeps 6 decimals (spec 001 §5's step 0.000001).
 */
const COORD_INPUT = { type: 'text', inputMode: 'decimal', autoComplete: 'off', maxLength: 24 };
/** Examples in Asunción: a longitude of -25 would be a valid number far from Paraguay. */
const LATITUD_INPUT = { ...COORD_INPUT, placeholder: 'Ej: -25,263739' };
const LONGITUD_INPUT = { ...COORD_INPUT, placeholder: 'Ej: -57,575926' };

const EMPTY: TauserFormIn = { codigo: '', nombre: '', direccion: '', ciudad: '', departamento: '', latitud: '', longitud: '' };

function TauserForm({ state, onDone }: { state: NonNullable<TauserFormState>; onDone: () => void }) {
  const editing = state.mode === 'edit' ? state.tauser : null;
  const create = useCrearTauser();
  const update = useEditarTauser();
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<TauserFormIn, unknown, TauserFormOut>({
    resolver: zodResolver(tauserForm),
    defaultValues: editing
      ? { codigo: editing.codigo, nombre: editing.nombre, direccion: editing.direccion, ciudad: editing.ciudad, departamento: editing.departamento, latitud: coordEsPy(editing.latitud), longitud: coordEsPy(editing.longitud) }
      : EMPTY,
  });
  const { errors, isSubmitting } = formState;
  const enCurso = useEnCurso();
  const enviando = isSubmitting || enCurso.ocupado();
  const point = pointOf(watch('latitud'), watch('longitud'));

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (!editing) await create.mutateAsync(values);
      else {
        if (!editing.idTauser) {
          toast.error(TAUSER_MSG.idInvalido);
          return;
        }
        const { codigo: _codigo, ...changes } = values;
        await update.mutateAsync({ id: editing.idTauser, ...changes });
      }
      onDone();
    } catch (e) {
      applyFieldErrors(e, setError);
    }
  });

  const setFromMap = (lat: number, lng: number) => {
    setValue('latitud', roundCoord(lat), { shouldValidate: true, shouldDirty: true });
    setValue('longitud', roundCoord(lng), { shouldValidate: true, shouldDirty: true });
  };

  const field = (name: keyof TauserFormIn, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} htmlFor={`tauser-${name}`} error={errors[name]?.message}>
      <input id={`tauser-${name}`} className="input" aria-invalid={!!errors[name]} {...props} {...register(name)} />
    </FormField>
  );

  return (
    <form onSubmit={enCurso.enviar(onSubmit)} noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-4">
          {field('codigo', 'Código', editing ? { readOnly: true, 'aria-readonly': true, className: 'input bg-slate-100 text-slate-600' } : { maxLength: 20, placeholder: 'Ej: TAU-ASU-03' })}
          {field('nombre', 'Nombre', { maxLength: 100 })}
          {field('direccion', 'Dirección', { maxLength: 200 })}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {field('ciudad', 'Ciudad', { maxLength: 100 })}
            {field('departamento', 'Departamento', { maxLength: 100 })}
            {field('latitud', 'Latitud', LATITUD_INPUT)}
            {field('longitud', 'Longitud', LONGITUD_INPUT)}
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <p className="text-sm text-slate-600">Hacé clic en el mapa para ubicar el Tauser.</p>
          <LazyMap
            className="h-64 md:min-h-80 md:flex-1"
            label="Mapa para ubicar el Tauser"
            points={point ? [{ id: 'ubicacion', ...point, label: 'Ubicación del Tauser', tone: 'selected' }] : []}
            center={point ?? undefined}
            follow={point}
            onMapClick={setFromMap}
          />
        </div>
      </div>
      <FormActions submitting={enviando} onCancel={onDone} submitLabel={editing ? 'Actualizar Tauser' : 'Crear Tauser'} />
    </form>
  );
}
