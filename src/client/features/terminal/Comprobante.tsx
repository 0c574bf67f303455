import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { NOMBRE_CASA, lineasComprobante } from '../../../shared/comprobante';

/**
 * The printable receipt. Print CSS (styles.css, `.comprobante`): only the receipt prints; the
 * "80 mm" choice narrows it to a thermal roll, otherwise A4. On the kiosk (`enTerminal`) no PDF is offered:
 * the file would stay on the shared terminal's disk (the customer gets it by mail), and the receipt is
 * always the 80 mm ticket of the terminal's printer (a paper size is not the customer's choice).
 */
export function Comprobante({ t, enTerminal = false }: { t: TransaccionRecord; enTerminal?: boolean }) {
  const [qr, setQr] = useState<string | null>(null);
  const [termica, setTermica] = useState(enTerminal);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let vivo = true;
    void import('qrcode').then((QR) => QR.toDataURL(t.codigo, { margin: 1, width: 200 })).then((url) => vivo && setQr(url));
    return () => {
      vivo = false;
    };
  }, [t.codigo]);
  const pdf = async () => {
    setBusy(true);
    try {
      const { descargarPdf } = await import('./pdf');
      await descargarPdf(t);
    } catch (e) {
      console.error(e);
      toast.error('No se pudo generar el PDF');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-center gap-4">
      <div className="no-print flex flex-wrap justify-center gap-3">
        <button type="button" className="rounded-lg bg-blue-700 px-4 py-3 font-semibold text-white" onClick={() => window.print()}>
          Imprimir
        </button>
        {!enTerminal && (
          <button type="button" className="rounded-lg border border-slate-400 px-4 py-3 font-semibold" onClick={() => void pdf()} disabled={busy}>
            {busy ? 'Generando…' : 'Descargar PDF'}
          </button>
        )}
        {!enTerminal && (
          <label className="flex items-center gap-2 px-2">
            <input type="checkbox" checked={termica} onChange={(e) => setTermica(e.target.checked)} /> Ticket 80 mm
          </label>
        )}
      </div>
      <article className={`comprobante ${termica ? 'comprobante-80' : 'comprobante-a4'} bg-white p-6 text-slate-900 shadow`} aria-label="Comprobante">
        <header className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h1 className="text-xl font-bold">{NOMBRE_CASA}</h1>
            <p className="text-sm text-slate-600">Comprobante de transacción</p>
            <p className="mt-2 font-mono text-lg font-bold tracking-widest">{t.codigo}</p>
          </div>
          {qr && <img src={qr} alt={`Código QR ${t.codigo}`} className="h-28 w-28" />}
        </header>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {lineasComprobante(t).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-semibold">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </article>
    </div>
  );
}
