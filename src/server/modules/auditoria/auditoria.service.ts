import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { paginate } from '../../lib/pagination';
import { M } from '../../../shared/messages';
import type { AuditQuery, AuditRecord } from '../../../shared/schemas/auditoria';
import { searchAudit } from './auditoria.repository';

/** The audit trail, newest first, 10 per page. Superusers only: it holds personal data of every change. */
export async function list(db: Db, actor: Actor, q: AuditQuery) {
  if (!actor.isSuperuser) throw new AppError('FORBIDDEN', M.apiForbidden);
  const page = await paginate(searchAudit(db, q).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc'), q.page, searchAudit(db, q));
  return {
    ...page,
    results: page.results.map(
      (r): AuditRecord => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at as unknown as string | Date).toISOString() }),
    ),
  };
}
