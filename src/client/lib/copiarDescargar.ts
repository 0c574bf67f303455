import toast from 'react-hot-toast';
import { guardarArchivo } from './guardarArchivo';

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
  guardarArchivo(new Blob([texto], { type: 'text/plain;charset=utf-8' }), nombre);
}
