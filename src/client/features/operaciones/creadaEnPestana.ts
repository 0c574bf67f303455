/**
 * The pending transaction this tab's wizard created last, with the body it was created from (in the
 * tab's session storage). The browser's Back from the summary (a phone's back gesture) leaves that
 * transaction pending without the 'Modificar Terminal' button that discards it; Continuar on the
 * terminal step then asks here first: the same body resumes it instead of creating a duplicate that
 * would also hold the client's limits for 24 h. Another body creates another operation and leaves that
 * one as it is (the pending banner offers it, as it offers any pending operation).
 */
const ITEM = 'cambio:operacion-creada';

interface Creada {
  id: number;
  /** The body, keys sorted: the client, pair, amount, method and terminal it was created from. */
  firma: string;
}

type Cuerpo = { cliente_id: string } & Record<string, unknown>;

const firmaDe = (cuerpo: Cuerpo) => JSON.stringify(Object.entries(cuerpo).sort(([a], [b]) => a.localeCompare(b)));

export function recordarCreada(cuerpo: Cuerpo, id: number) {
  const c: Creada = { id, firma: firmaDe(cuerpo) };
  sessionStorage.setItem(ITEM, JSON.stringify(c));
}

export function olvidarCreada() {
  sessionStorage.removeItem(ITEM);
}

/** The id of the last one when it was created from this very body (to resume if still pending), else null. */
export function previaPara(cuerpo: Cuerpo): number | null {
  let c: Partial<Creada> | null;
  try {
    c = JSON.parse(sessionStorage.getItem(ITEM) ?? 'null') as Partial<Creada> | null;
  } catch {
    c = null;
  }
  return c && typeof c.id === 'number' && c.firma === firmaDe(cuerpo) ? c.id : null;
}
