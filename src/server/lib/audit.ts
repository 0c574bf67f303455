import { sql, type QueryCreator } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/types';

export type AuditAction =
  | 'create' | 'update' | 'deactivate' | 'activate' | 'delete' | 'assign'
  // Sessions and the second factor (modules/auth/mfa.service.ts, auth.service.ts).
  | 'mfa_enable' | 'mfa_disable' | 'mfa_reset' | 'mfa_failed' | 'mfa_recovery_used' | 'password_change' | 'logout_all';

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

/**
 * The audit entry of a row that a data-modifying CTE of the same statement inserts (`cte`, whose
 * `id` is the entity id), as that statement's own CTE: the write and its record go in one round
 * trip and one transaction. `after` is the JSON of the values written; `fromRow` names columns of
 * the inserted row added to it (those the database fills in, such as a generated code).
 */
export function auditOfInserted(
  cte: string,
  entry: { actorId: number | null; action: AuditAction; entity: string; after: string },
  fromRow: readonly string[] = [],
) {
  const extra = fromRow.length
    ? sql` || jsonb_build_object(${sql.join(fromRow.map((c) => sql`${sql.lit(c)}, ${sql.ref(`${cte}.${c}`)}`))})`
    : sql``;
  return (db: QueryCreator<Database>) =>
    db
      .insertInto('audit_log')
      .columns(['actor_id', 'action', 'entity', 'entity_id', 'after'])
      .expression(
        sql`select ${entry.actorId}::int, ${sql.lit(entry.action)}, ${sql.lit(entry.entity)}, ${sql.ref(`${cte}.id`)}::text, ${entry.after}::jsonb${extra} from ${sql.table(cte)}`,
      )
      .returning('audit_log.id');
}
