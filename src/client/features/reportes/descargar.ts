import { authFetch } from '../../session/authFetch';

/** Downloads a file of the API with the session's token (a plain link would carry no token). */
export async function descargar(path: string): Promise<void> {
  const res = await authFetch(path);
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
