import { authFetch } from '../../session/authFetch';
import { guardarArchivo } from '../../lib/guardarArchivo';

/** A refused export (400): the server's message, to show as it is. */
export class ExportRechazado extends Error {}

/** Downloads a file of the API with the session's token (a plain link would carry no token). */
export async function descargar(path: string): Promise<void> {
  const res = await authFetch(path);
  if (res.status === 400) {
    const body = (await res.json().catch(() => ({}))) as Record<string, string[] | string>;
    const texto = Object.values(body).flat().join('\n');
    if (texto) throw new ExportRechazado(texto);
  }
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'reporte';
  guardarArchivo(await res.blob(), name);
}
