/** The kiosk talks to the REST terminal paths with its own token (never the user's session). */
export const TERMINAL_TOKEN_KEY = 'terminal_token';
export const TERMINAL_INFO_KEY = 'terminal_info';

export class KioskError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly estado?: string,
  ) {
    super(message);
  }
}

export async function kioskFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const token = localStorage.getItem(TERMINAL_TOKEN_KEY);
  const res = await fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const detail = typeof body?.detail === 'string' ? body.detail : Object.values(body ?? {}).flat().find((v) => typeof v === 'string');
    throw new KioskError((detail as string) ?? 'No se pudo completar la operación.', res.status, typeof body?.estado === 'string' ? body.estado : undefined);
  }
  return body as T;
}
