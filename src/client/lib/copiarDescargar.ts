import toast from 'react-hot-toast';

/** Copies text to the clipboard and says so (the browser offers the clipboard only on https or localhost). */
export async function copiarTexto(texto: string, aviso: string) {
  try {
    await navigator.clipboard.writeText(texto);
    toast.success(aviso);
  } catch {
    toast.error('No se pudo copiar: seleccioná el texto y copialo a mano.');
  }
}

/** Saves text as a .txt file in the browser's downloads. */
export function descargarTexto(texto: string, nombre: string) {
  const url = URL.createObjectURL(new Blob([texto], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
