import type { Db } from '../../db';
import type { AuditQuery } from '../../../shared/schemas/auditoria';

export function searchAudit(db: Db, q: Omit<AuditQuery, 'page'>) {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.actor_id', 'u.username as actor_username', 'a.action', 'a.entity', 'a.entity_id', 'a.before', 'a.after', 'a.created_at']);
  if (q.entity) query = query.where('a.entity', '=', q.entity);
  if (q.entity_id) query = query.where('a.entity_id', '=', q.entity_id);
  if (q.actor_id) query = query.where('a.actor_id', '=', q.actor_id);
  return query;
}
