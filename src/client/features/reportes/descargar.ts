import { authFetch } from '../../session/authFetch';

/** Downloads a file of the API with the session's token (a plain link would carry no token). */
/** A refused export (400): the server's message, to show as it is. */
export class ExportRechazado extends Error {}

export async function descargar(path: string): Promise<void> {
  const res = await authFetch(path);
  if (res.status === 400) {
    const body = (await res.json().catch(() => ({}))) as Record<string, string[] | string>;
    const texto = Object.values(body).flat().join('\n');
    if (texto) throw new ExportRechazado(texto);
  }
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'reporte';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser the time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
