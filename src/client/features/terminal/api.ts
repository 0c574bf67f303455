/** The kiosk talks to the REST terminal paths with its own token (never the user's session). */
export const TERMINAL_TOKEN_KEY = 'terminal_token';
export const TERMINAL_INFO_KEY = 'terminal_info';

/** How often the kiosk checks its own session (`yo`) while signed in, and while the server does not answer (ms). */
export const KIOSK_REVISION_MS = 30_000;
export const KIOSK_REINTENTO_MS = 5_000;

export const SIN_CONEXION_MSG = 'Sin conexión con el servidor. Intentá de nuevo en un momento.';

export class KioskError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly estado?: string,
  ) {
    super(message);
  }
}

/**
 * Whether the server answered the kiosk's last request: a request that never got an answer (the
 * network, or a gateway's 502/503/504) sets it; any answer clears it. Read with useSyncExternalStore.
 */
let sinConexion = false;
const oyentes = new Set<() => void>();
function marcarConexion(caida: boolean) {
  if (caida === sinConexion) return;
  sinConexion = caida;
  for (const f of oyentes) f();
}
export const conexion = {
  suscribir(f: () => void) {
    oyentes.add(f);
    return () => {
      oyentes.delete(f);
    };
  },
  caida: () => sinConexion,
};

export async function kioskFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const token = localStorage.getItem(TERMINAL_TOKEN_KEY);
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    marcarConexion(true);
    throw new KioskError(SIN_CONEXION_MSG, 0);
  }
  const sinRespuesta = res.status === 502 || res.status === 503 || res.status === 504;
  marcarConexion(sinRespuesta);
  if (sinRespuesta) throw new KioskError(SIN_CONEXION_MSG, res.status);
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const detail = typeof body?.detail === 'string' ? body.detail : Object.values(body ?? {}).flat().find((v) => typeof v === 'string');
    throw new KioskError((detail as string) ?? 'No se pudo completar la operación.', res.status, typeof body?.estado === 'string' ? body.estado : undefined);
  }
  return body as T;
}
