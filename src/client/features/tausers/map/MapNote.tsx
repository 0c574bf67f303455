import type { ReactNode } from 'react';

/** The quiet note a map shows instead of breaking. */
export function MapNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded bg-white/90 px-2 py-1 text-xs text-slate-600 shadow-sm">
      {children}
    </p>
  );
}
