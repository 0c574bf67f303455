import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-emerald-700 to-emerald-900 px-4 py-10">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-2xl font-bold text-white">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-white text-emerald-700">₲</span>
          Cambio
        </Link>
        <div className="card">
          <h1 className="mb-6 text-center text-xl font-semibold">{title}</h1>
          {children}
        </div>
        {footer && <div className="mt-4 text-center text-sm text-emerald-50">{footer}</div>}
      </div>
    </div>
  );
}

/** The footer of the sign-in screens without the navbar (recovery, verification): the way back to the login. */
export function VolverALogin() {
  return (
    <Link to="/login" className="font-semibold text-white underline">
      Volver a iniciar sesión
    </Link>
  );
}
