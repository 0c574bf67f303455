/**
 * Idempotency keys of the wizard's writes (creation, payment): one UUID per attempt, kept in the
 * tab's session storage with the body it was made for, so a retry of the same attempt (a lost
 * answer, a reload) sends the same key and the server answers the first result instead of acting
 * twice. Another body is another attempt; a success forgets the key (the same operation done again
 * on purpose is a new one).
 */
const PREFIJO = 'cambio:idempotencia:';

export type Ambito = 'crear' | 'pagar';

export function claveDeIntento(ambito: Ambito, cuerpo: unknown): string {
  const firma = JSON.stringify(cuerpo);
  const item = PREFIJO + ambito;
  try {
    const previo = JSON.parse(sessionStorage.getItem(item) ?? 'null') as { clave?: string; firma?: string } | null;
    if (previo?.firma === firma && typeof previo.clave === 'string') return previo.clave;
  } catch {
    // an unreadable entry is replaced below
  }
  const clave = crypto.randomUUID();
  sessionStorage.setItem(item, JSON.stringify({ clave, firma }));
  return clave;
}

export function olvidarIntento(ambito: Ambito) {
  sessionStorage.removeItem(PREFIJO + ambito);
}
