import type { ClienteRecord } from '../../../shared/schemas/clientes';

/** The browser-window event fired after the current client changed (spec 000 §4); other screens reset on it. */
export const CLIENTE_ACTUAL_CHANGED = 'clienteActualChanged';

export interface ClienteActualChangedDetail {
  cliente: ClienteRecord;
  userId: number;
}

export function emitClienteActualChanged(detail: ClienteActualChangedDetail) {
  window.dispatchEvent(new CustomEvent<ClienteActualChangedDetail>(CLIENTE_ACTUAL_CHANGED, { detail }));
}

/** Subscribes to the event; returns the unsubscribe function (for a useEffect). */
export function onClienteActualChanged(listener: (detail: ClienteActualChangedDetail) => void) {
  const handler = (e: Event) => listener((e as CustomEvent<ClienteActualChangedDetail>).detail);
  window.addEventListener(CLIENTE_ACTUAL_CHANGED, handler);
  return () => window.removeEventListener(CLIENTE_ACTUAL_CHANGED, handler);
}
