import type { ErrorComponentProps } from '@tanstack/react-router';
import { ForbiddenError } from '../session/requireAccess';
import { Forbidden } from './Forbidden';

/** What a route shows when its guard or loader fails: the 403 screen, or a generic error. */
export function RouteError({ error }: ErrorComponentProps) {
  if (error instanceof ForbiddenError) return <Forbidden />;
  console.error(error);
  return (
    <div role="alert" className="mx-4 mt-16 max-w-md rounded-lg border border-red-200 bg-white p-8 text-center shadow-sm sm:mx-auto">
      <h1 className="text-xl font-semibold">Ha ocurrido un error</h1>
      <p className="mt-2 text-slate-600">Recargá la página o volvé a intentarlo más tarde.</p>
    </div>
  );
}
