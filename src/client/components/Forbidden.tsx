import { M } from '../../shared/messages';

export function Forbidden() {
  const [title, detail] = M.forbidden.split(' – ');
  return (
    <div role="alert" className="mx-4 mt-16 max-w-md rounded-lg border border-red-200 bg-white p-8 text-center shadow-sm sm:mx-auto">
      <p className="text-5xl font-bold text-red-600">403</p>
      <h1 className="mt-4 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{detail}</p>
    </div>
  );
}
