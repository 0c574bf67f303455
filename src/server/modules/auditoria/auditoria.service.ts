import type { ServiceCtx } from '../../lib/context';
import { mapPage, paginate } from '../../lib/pagination';
import type { AuditQuery, AuditRecord } from '../../../shared/schemas/auditoria';
import { searchAudit } from './auditoria.repository';

/** The audit trail, newest first, 10 per page (the procedure lets superusers only). */
export async function list({ db }: ServiceCtx, q: AuditQuery) {
  return mapPage(
    paginate(searchAudit(db, q).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc'), q.page, searchAudit(db, q)),
    (r): AuditRecord => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at as unknown as string | Date).toISOString() }),
  );
}
