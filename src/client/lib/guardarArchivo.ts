/** Saves a file the page holds (a blob) in the browser's downloads, under `nombre`. */
export function guardarArchivo(contenido: Blob, nombre: string) {
  const url = URL.createObjectURL(contenido);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser the time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
