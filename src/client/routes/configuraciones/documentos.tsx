import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../session/requireAccess';
import { M } from '../../../shared/messages';

function Documentos() {
  return (
    <div className="mx-auto mt-16 max-w-md text-center" aria-disabled="true">
      <p className="text-4xl" aria-hidden>
        📄
      </p>
      <h1 className="mt-4 text-xl font-semibold">Documentos</h1>
      <p className="mt-2 text-slate-500">{M.comingSoon}</p>
    </div>
  );
}

export const Route = createFileRoute('/configuraciones/documentos')({ beforeLoad: requireAccess(), component: Documentos });
