import { Link, useLocation } from '@tanstack/react-router';

/** 'Agregar una cuenta o billetera' on the method step: Mis métodos financieros, with a way back to this very step. */
export function AgregarMetodoLink() {
  const href = useLocation({ select: (l) => l.href });
  return (
    <p className="text-sm">
      <Link to="/metodos-financieros-cliente" search={{ volver: href }} className="inline-flex min-h-6 items-center font-medium text-emerald-800 underline">
        Agregar una cuenta o billetera
      </Link>
    </p>
  );
}
