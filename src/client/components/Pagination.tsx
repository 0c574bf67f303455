export const PAGE_SIZE = 10;

export const totalPages = (count: number, pageSize = PAGE_SIZE) => Math.max(1, Math.ceil(count / pageSize));

/** 'Página X de Y' with Anterior and Siguiente (spec 000 §2, §9). */
export function Pagination({ page, count, onChange, pageSize = PAGE_SIZE }: { page: number; count: number; onChange: (page: number) => void; pageSize?: number }) {
  const pages = totalPages(count, pageSize);
  return (
    <nav className="mt-4 flex items-center justify-between text-sm" aria-label="Paginación">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Anterior
      </button>
      <span className="text-slate-600">
        Página {page} de {pages}
      </span>
      <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Siguiente
      </button>
    </nav>
  );
}
