import type { Db } from '../db';

export type AuditAction = 'create' | 'update' | 'deactivate' | 'activate' | 'delete' | 'assign';

/** Records who changed what, with the state before and after. Call inside the write's transaction. */
export async function audit(
  db: Db,
  entry: { actorId: number | null; action: AuditAction; entity: string; entityId: string | number; before?: unknown; after?: unknown },
) {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
