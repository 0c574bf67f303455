export function StatusBadge({ active, on = 'Activo', off = 'Inactivo' }: { active: boolean; on?: string; off?: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-600'}`}>
      {active ? on : off}
    </span>
  );
}
