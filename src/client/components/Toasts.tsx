import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

const MAX_VISIBLE = 2;

/**
 * Below the navbar (56 px tall): a toast over the client selector or the user menu would take their
 * clicks, and one under the pointer stays while the pointer rests on it.
 */
export const TOASTS_TOP_PX = 72;

/** Toasts top-right, 1000 ms, at most two visible, light theme (spec 000 §9). */
export function Toasts() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(MAX_VISIBLE)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return <Toaster position="top-right" containerStyle={{ top: TOASTS_TOP_PX }} toastOptions={{ duration: 1000, style: { background: '#fff', color: '#0f172a' } }} />;
}
