import type { ServiceCtx } from '../../lib/context';
import { paginate } from '../../lib/pagination';
import type { AuditQuery, AuditRecord } from '../../../shared/schemas/auditoria';
import { searchAudit } from './auditoria.repository';

/** The audit trail, newest first, 10 per page (the procedure lets superusers only). */
export async function list(ctx: ServiceCtx, q: AuditQuery) {
  const { db } = ctx;
  const page = await paginate(searchAudit(db, q).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc'), q.page, searchAudit(db, q));
  return {
    ...page,
    results: page.results.map(
      (r): AuditRecord => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at as unknown as string | Date).toISOString() }),
    ),
  };
}
