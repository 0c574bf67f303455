import { Dialog, DialogPanel, DialogTitle, DialogBackdrop } from '@headlessui/react';
import type { ReactNode } from 'react';

/** The reusable dialog: closes on a backdrop click or the × button; page scrolling is locked while open. */
export function Modal({
  open,
  onClose,
  title,
  children,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  const width = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' }[size];
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop data-testid="modal-backdrop" className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className={`w-full ${width} rounded-lg bg-white shadow-xl`}>
          <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            <button type="button" aria-label="Cerrar" onClick={onClose} className="rounded p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100">
              ×
            </button>
          </div>
          <div className="max-h-[75vh] overflow-y-auto px-6 py-4">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
