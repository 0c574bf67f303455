import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Modal } from '../../components/Modal';
import { DataTable } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { RowAction } from '../../components/RowActions';
import { FormField } from '../../components/FormField';
import { Can } from '../../components/Guard';
import { trpc } from '../../trpc';
import { errorData } from '../../lib/errors';
import { useCambiarEstadoDenominacion, useCrearDenominacion } from './hooks';
import { usePermissions } from '../../session/permissions';
import { P } from '../../../shared/permissions';
import { DIVISA_MSG, denominacionCreateInput, type DenominacionRecord, type DivisaRecord } from '../../../shared/schemas/divisas';
import { leerDenominacion } from '../../../shared/schemas/denominacionEsPy';
import { useEnCurso } from '../../lib/useEnCurso';

const integer = new Intl.NumberFormat('es-PY', { maximumFractionDigits: 0 });

/** 'Gestionar denominaciones': the currency's notes with their state; create (add), deactivate (delete), activate (change). */
export function DenominacionesModal({ divisa, onClose }: { divisa: DivisaRecord | null; onClose: () => void }) {
  const perms = usePermissions();
  const list = trpc.divisas.denominacionesDe.useQuery({ id: divisa?.id ?? 0 }, { enabled: !!divisa });
  const create = useCrearDenominacion();
  const toggle = useCambiarEstadoDenominacion();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  useEffect(() => {
    if (list.isError) toast.error(DIVISA_MSG.denominacionesError);
  }, [list.isError]);
  useEffect(() => {
    setValue('');
    setFieldError(undefined);
  }, [divisa]);

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    if (!divisa) return;
    // Read es-PY as every amount: "200.000" is 200000; "2,5" is refused, never 25.
    const lectura = leerDenominacion(value, divisa.codigo);
    if (!lectura.ok) {
      setFieldError(lectura.error);
      return;
    }
    const parsed = denominacionCreateInput.safeParse({ denominacion: lectura.valor, divisa: divisa.id });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0].message);
      return;
    }
    setFieldError(undefined);
    try {
      await create.mutateAsync(parsed.data);
      setValue('');
    } catch (err) {
      setFieldError(errorData(err).fields?.denominacion?.[0] ?? errorData(err).fields?.divisa?.[0]);
    }
  };

  const acciones = useEnCurso();
  const onToggle = (d: DenominacionRecord) => acciones.ejecutar(`estado:${d.id}`, () => toggle.mutateAsync({ id: d.id }).catch(() => undefined));

  return (
    <Modal open={!!divisa} onClose={onClose} title={`Denominaciones de ${divisa?.nombre ?? ''}`} size="lg">
      <Can all={[P.addDenominacion]}>
        <form onSubmit={acciones.enviar(onCreate)} noValidate className="mb-4 flex items-end gap-2">
          <div className="flex-1">
            <FormField label="Nueva denominación" htmlFor="denominacion" error={fieldError}>
              <input
                id="denominacion"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                placeholder={divisa?.es_base ? '200.000' : '100'}
                className="input tabular-nums"
                value={value}
                aria-invalid={!!fieldError}
                onChange={(e) => {
                  setValue(e.target.value);
                  setFieldError(undefined);
                }}
              />
            </FormField>
          </div>
          <button type="submit" className="btn-primary mb-px" disabled={create.isPending || acciones.ocupado()} aria-busy={create.isPending || acciones.ocupado() || undefined}>
            Agregar
          </button>
        </form>
      </Can>
      <DataTable<DenominacionRecord>
        label="Denominaciones"
        rows={list.data}
        loading={list.isLoading}
        error={list.isError}
        rowKey={(d) => d.id}
        columns={[
          { header: 'Denominación', cell: (d) => `${divisa?.simbolo ?? ''} ${integer.format(d.denominacion)}` },
          { header: 'Estado', cell: (d) => <StatusBadge active={d.is_active} /> },
          {
            header: 'Acciones',
            hidden: !perms.has(P.changeDenominacion) && !perms.has(P.deleteDenominacion),
            cell: (d) =>
              d.is_active
                ? perms.has(P.deleteDenominacion) && <RowAction label="Desactivar" tone="danger" busy={acciones.ocupado(`estado:${d.id}`)} onClick={() => void onToggle(d)} />
                : perms.has(P.changeDenominacion) && <RowAction label="Activar" tone="success" busy={acciones.ocupado(`estado:${d.id}`)} onClick={() => void onToggle(d)} />,
          },
        ]}
      />
    </Modal>
  );
}
