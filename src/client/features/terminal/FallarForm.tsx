import { useState, type FormEvent } from 'react';
import { useFallarTransaccion } from './hooks';

/** 'Marcar como fallida' with its reason (staff, a transaction en proceso). */
export function FallarForm({ id }: { id: number }) {
  const fallar = useFallarTransaccion();
  const [motivo, setMotivo] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await fallar.mutateAsync({ id, motivo });
      setMotivo('');
    } catch {
      // The hook showed the message.
    }
  };
  return (
    <form onSubmit={submit} className="no-print mx-auto mt-4 flex max-w-xl flex-col gap-2 rounded border border-red-200 bg-white p-4" aria-label="Marcar como fallida">
      <label className="flex flex-col gap-1 text-sm">
        Motivo del fallo
        <textarea required maxLength={500} className="rounded border border-slate-300 p-2" value={motivo} onChange={(e) => setMotivo(e.target.value)} />
      </label>
      <button type="submit" className="self-end rounded bg-red-700 px-4 py-2 font-semibold text-white" disabled={fallar.isPending || motivo.trim() === ''}>
        Marcar como fallida
      </button>
    </form>
  );
}
