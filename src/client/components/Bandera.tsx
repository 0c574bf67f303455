/**
 * Flags as SVG images (country-flag-icons, 3:2; emoji flags are letter boxes on Windows), served as
 * `/banderas/<code>.svg` (vite.config.ts) and fetched only when shown.
 */

/** The flag of an ISO 3166-1 alpha-2 code ("US", "py"); nothing for an empty or malformed code, nor for one without a flag. Decorative: the code is written beside it. */
export function Bandera({ codigo, className = 'h-4 w-6' }: { codigo: string | null | undefined; className?: string }) {
  if (!codigo || !/^[a-z]{2}$/i.test(codigo)) return null;
  return (
    <img
      src={`/banderas/${codigo.toUpperCase()}.svg`}
      alt=""
      aria-hidden
      width={24}
      height={16}
      onError={(e) => (e.currentTarget.hidden = true)}
      className={`inline-block shrink-0 rounded-sm object-cover shadow-[0_0_0_1px_rgba(15,23,42,0.12)] ${className}`}
    />
  );
}
