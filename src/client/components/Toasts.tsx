import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

const MAX_VISIBLE = 2;

/** Toasts top-right, 1000 ms, at most two visible, light theme (spec 000 §9). */
export function Toasts() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(MAX_VISIBLE)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return <Toaster position="top-right" toastOptions={{ duration: 1000, style: { background: '#fff', color: '#0f172a' } }} />;
}
