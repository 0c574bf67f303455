import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { NOMBRE_CASA, lineasComprobante } from '../../../shared/comprobante';

const TICKET_ID = 'ticket-impresion';
/** The page's size, as a constructed style sheet: the CSP refuses inline <style> elements, not the CSSOM. */
const pagina = typeof CSSStyleSheet === 'undefined' ? null : new CSSStyleSheet();

/**
 * Prints a ticket receipt as one ticket: a copy of it alone in the printed document (styles.css,
 * `.ticket-impresion`), on the named page `comprobante-ticket` 80 mm wide whose height is set here to
 * the receipt's own rendered height (the ticket's width is fixed, so its height on screen is its printed one).
 */
export function imprimirTicket(recibo: HTMLElement) {
  document.getElementById(TICKET_ID)?.remove();
  const alto = Math.ceil((recibo.getBoundingClientRect().height * 25.4) / 96) + 4;
  if (pagina) {
    pagina.replaceSync(`@page comprobante-ticket { size: 80mm ${alto}mm; margin: 0; }`);
    if (!document.adoptedStyleSheets.includes(pagina)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, pagina];
  }
  const copia = recibo.cloneNode(true) as HTMLElement;
  // Not a second "Comprobante" for assistive technology (the container is hidden on screen anyway).
  copia.removeAttribute('aria-label');
  const ticket = document.createElement('div');
  ticket.id = TICKET_ID;
  ticket.className = 'ticket-impresion';
  ticket.setAttribute('aria-hidden', 'true');
  ticket.appendChild(copia);
  document.body.appendChild(ticket);
  const limpiar = () => {
    ticket.remove();
    window.removeEventListener('afterprint', limpiar);
  };
  window.addEventListener('afterprint', limpiar);
  window.print();
}

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
  const recibo = useRef<HTMLElement>(null);
  const imprimir = () => {
    if (termica && recibo.current) imprimirTicket(recibo.current);
    else window.print();
  };
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
        <button
          type="button"
          className={
            enTerminal
              ? 'min-h-16 rounded-2xl bg-blue-700 px-10 text-2xl font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300'
              : 'btn-primary'
          }
          onClick={imprimir}
        >
          Imprimir
        </button>
        {!enTerminal && (
          <button type="button" className="btn-secondary" onClick={() => void pdf()} disabled={busy}>
            {busy ? 'Generando…' : 'Descargar PDF'}
          </button>
        )}
        {!enTerminal && (
          <label className="flex items-center gap-2 px-2">
            <input type="checkbox" checked={termica} onChange={(e) => setTermica(e.target.checked)} /> Ticket 80 mm
          </label>
        )}
      </div>
      <article ref={recibo} className={`comprobante ${termica ? 'comprobante-80' : 'comprobante-a4'} bg-white p-6 text-slate-900 shadow`} aria-label="Comprobante">
        <header className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h1 className="text-xl font-bold">{NOMBRE_CASA}</h1>
            <p className="text-sm text-slate-600">Comprobante de transacción</p>
            <p className="mt-2 font-mono text-lg font-bold tracking-widest">{t.codigo}</p>
          </div>
          {qr && <img src={qr} alt={`Código QR ${t.codigo}`} className="h-28 w-28" />}
        </header>
        {/* On a phone each label goes over its value: beside the widest label the values had a third of the card. */}
        <dl className="grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-1">
          {lineasComprobante(t).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-semibold">{k}</dt>
              <dd className="mb-2 sm:mb-0">{v}</dd>
            </div>
          ))}
        </dl>
      </article>
    </div>
  );
}
