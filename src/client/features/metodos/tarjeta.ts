/** Card helpers of the browser: the number and CVV never leave it (spec 001 §3, §5). */
export const soloDigitos = (s: string) => s.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits, 23 characters). */
export const agruparTarjeta = (s: string) => soloDigitos(s).slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** The card network guessed from the number's first digits. */
export function detectarBrand(numero: string): string {
  const n = soloDigitos(numero);
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^6/.test(n)) return 'discover';
  return 'desconocida';
}

export const nuevoPaymentMethodId = () => `pm_${crypto.randomUUID().replace(/-/g, '')}`;
