/**
 * Flags as SVG images (country-flag-icons, 3:2): emoji flags are letter boxes on Windows. Every
 * flag is its own hashed file, fetched only when shown; the page carries only this map of URLs.
 */
const archivos = import.meta.glob<string>('../../../node_modules/country-flag-icons/3x2/*.svg', { eager: true, query: '?url&no-inline', import: 'default' });
const URLS = new Map(Object.entries(archivos).map(([ruta, url]) => [ruta.slice(ruta.lastIndexOf('/') + 1, -4), url]));

/** The flag of an ISO 3166-1 alpha-2 code ("US", "py"); nothing for an unknown or empty code. Decorative: the code is written beside it. */
export function Bandera({ codigo, className = 'h-4 w-6' }: { codigo: string | null | undefined; className?: string }) {
  const url = codigo ? URLS.get(codigo.toUpperCase()) : undefined;
  if (!url) return null;
  return <img src={url} alt="" aria-hidden width={24} height={16} className={`inline-block shrink-0 rounded-sm object-cover shadow-[0_0_0_1px_rgba(15,23,42,0.12)] ${className}`} />;
}
