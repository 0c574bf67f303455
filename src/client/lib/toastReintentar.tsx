import toast from 'react-hot-toast';

/**
 * How long a toast that offers 'Reintentar' stays (ms): long enough to read it and reach the button
 * (spec 000 §9's 1000 ms is for notices that ask nothing; see docs/decisions.md).
 */
export const TOAST_REINTENTAR_MS = 8000;

/** An error toast with a 'Reintentar' action (the toast closes when it is pressed). */
export function toastErrorReintentar(mensaje: string, onReintentar: () => void, id?: string) {
  return toast.error(
    (t) => (
      <span className="flex flex-wrap items-center gap-3">
        <span>{mensaje}</span>
        <button
          type="button"
          className="min-h-8 rounded border border-slate-300 px-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          onClick={() => {
            toast.dismiss(t.id);
            onReintentar();
          }}
        >
          Reintentar
        </button>
      </span>
    ),
    { duration: TOAST_REINTENTAR_MS, id },
  );
}
