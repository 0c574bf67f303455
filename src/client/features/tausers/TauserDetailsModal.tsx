import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { StatusBadge } from '../../components/StatusBadge';
import type { TauserRecord } from '../../../shared/schemas/tausers';
import { LazyMap } from './LazyMap';
import { coordEsPy } from './geo';
import { StockSection } from './StockSection';
import { Can } from '../../components/Guard';
import { P } from '../../../shared/permissions';

/** Details of a terminal: the id and every field, a collapsible map and Cerrar (spec 001 §2). */
export function TauserDetailsModal({ tauser, onClose }: { tauser: TauserRecord | null; onClose: () => void }) {
  return (
    <Modal open={!!tauser} onClose={onClose} title="Detalles del Tauser" size="xl">
      {tauser && <Details key={tauser.idTauser} t={tauser} onClose={onClose} />}
    </Modal>
  );
}

function Details({ t, onClose }: { t: TauserRecord; onClose: () => void }) {
  const [showMap, setShowMap] = useState(false);
  const rows: [string, React.ReactNode][] = [
    ['ID', <span className="break-all font-mono text-xs">{t.idTauser}</span>],
    ['Código', <span className="font-mono">{t.codigo}</span>],
    ['Nombre', t.nombre],
    ['Dirección', t.direccion],
    ['Ciudad', t.ciudad],
    ['Departamento', t.departamento],
    ['Latitud', <span className="font-mono">{coordEsPy(t.latitud)}</span>],
    ['Longitud', <span className="font-mono">{coordEsPy(t.longitud)}</span>],
    ['Estado', <StatusBadge active={t.isActive} />],
  ];
  const point = { lat: Number(t.latitud), lng: Number(t.longitud) };
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-500">{k}</dt>
            <dd className="text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <details className="rounded-md border border-slate-200" onToggle={(e) => setShowMap((e.target as HTMLDetailsElement).open)}>
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-emerald-700">Ver ubicación en el mapa</summary>
        {showMap && (
          <div className="p-2">
            <LazyMap className="h-64" label={`Ubicación de ${t.nombre}`} center={point} points={[{ id: t.idTauser, ...point, label: t.nombre, tone: t.isActive ? 'default' : 'inactive' }]} />
          </div>
        )}
      </details>
      <Can all={[P.changeTauser]}>
        <StockSection idTauser={t.idTauser} />
      </Can>
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cerrar
        </button>
      </div>
    </div>
  );
}
