import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Modal } from '../../components/Modal';
import { FormField } from '../../components/FormField';
import { applyFieldErrors } from '../../lib/errors';
import { filterPermisos } from './filterPermisos';
import { useCrearRol, useEditarRol } from './hooks';
import { roleForm, type PermisoRecord, type RoleBody, type RoleRecord } from '../../../shared/schemas/roles';
import { FormActions } from '../../components/FormActions';
import { Toggle } from '../../components/Toggle';
import { useEnCurso } from '../../lib/useEnCurso';

export type RoleModalState = { mode: 'create' } | { mode: 'view' | 'edit'; role: RoleRecord } | null;

type FormIn = z.input<typeof roleForm>;

/** Role form: name (trimmed on save, placeholder Ej: ADMIN) and a searchable permission checklist. */
export function RoleFormModal({ state, permisos, onClose }: { state: RoleModalState; permisos: PermisoRecord[]; onClose: () => void }) {
  const title = !state ? '' : state.mode === 'create' ? 'Crear rol' : state.mode === 'edit' ? 'Editar rol' : 'Detalles del rol';
  return (
    <Modal open={!!state} onClose={onClose} title={title} size="lg">
      {state && <RoleForm key={state.mode === 'create' ? 'new' : `${state.mode}-${state.role.id}`} state={state} permisos={permisos} onDone={onClose} />}
    </Modal>
  );
}

function RoleForm({ state, permisos, onDone }: { state: NonNullable<RoleModalState>; permisos: PermisoRecord[]; onDone: () => void }) {
  const create = useCrearRol();
  const update = useEditarRol();
  const readOnly = state.mode === 'view';
  const [search, setSearch] = useState('');
  const { register, handleSubmit, formState, setError, control } = useForm<FormIn, unknown, RoleBody>({
    resolver: zodResolver(roleForm),
    defaultValues:
      state.mode === 'create'
        ? { name: '', permissions: [], requiere_mfa: false }
        : { name: state.role.name, permissions: state.role.permissions, requiere_mfa: state.role.requiere_mfa },
  });
  const { errors, isSubmitting } = formState;
  const enCurso = useEnCurso();
  const enviando = isSubmitting || enCurso.ocupado();
  const visible = filterPermisos(permisos, search);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (state.mode === 'create') {
        await create.mutateAsync(values);
      } else if (state.mode === 'edit') {
        await update.mutateAsync({ id: state.role.id, ...values });
      }
      onDone();
    } catch (e) {
      console.error('Error al guardar el rol', e);
      applyFieldErrors(e, setError);
    }
  });

  return (
    <form onSubmit={enCurso.enviar(onSubmit)} noValidate className="space-y-4">
      <FormField label="Nombre del rol" htmlFor="rol-name" error={errors.name?.message}>
        <input id="rol-name" className="input" placeholder="Ej: ADMIN" disabled={readOnly} {...register('name')} />
      </FormField>
      <div>
        <Controller
          control={control}
          name="requiere_mfa"
          render={({ field }) => <Toggle label="Exigir verificación en dos pasos" checked={!!field.value} onChange={field.onChange} disabled={readOnly} />}
        />
        <p className="mt-1 text-xs text-slate-600">Quienes tengan este rol deben configurarla antes de usar el sistema y la necesitan para iniciar sesión.</p>
      </div>
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => {
          const selected = new Set(field.value ?? []);
          const flip = (id: number) => {
            if (selected.has(id)) selected.delete(id);
            else selected.add(id);
            field.onChange([...selected]);
          };
          return (
            <div>
              <div className="mb-2 flex items-center justify-between">
                <span className="label mb-0">Permisos</span>
                <span className="text-xs text-slate-500">{selected.size} seleccionado(s)</span>
              </div>
              {/* The list filters as you type: Enter here must not submit the role form around it. */}
              <input
                type="search"
                className="input"
                placeholder="Buscar permisos"
                aria-label="Buscar permisos"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') e.preventDefault();
                }}
              />
              <ul className="mt-2 max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" aria-label="Permisos">
                {visible.length === 0 && <li className="p-3 text-sm text-slate-500">No hay datos</li>}
                {visible.map((p) => (
                  <li key={p.id}>
                    <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                      <input type="checkbox" checked={selected.has(p.id)} disabled={readOnly} onChange={() => flip(p.id)} />
                      {/* On a phone the code goes under the name, and may break anywhere: the longest ones are wider than the list. */}
                      <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                        <span>{p.name_es}</span>
                        <code className="break-all text-xs text-slate-500">
                          {p.app_label}.{p.codename}
                        </code>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              {errors.permissions && <p className="field-error">{errors.permissions.message}</p>}
            </div>
          );
        }}
      />
      <FormActions readOnly={readOnly} submitting={enviando} onCancel={onDone} />
    </form>
  );
}
