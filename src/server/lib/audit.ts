import { sql, type QueryCreator } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/types';

export type AuditAction =
  | 'create' | 'update' | 'deactivate' | 'activate' | 'delete' | 'assign'
  // Sessions and the second factor (modules/auth/mfa.service.ts, account.service.ts).
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
 * The audit entries of the rows that a data-modifying CTE of the same statement inserts (`cte`,
 * whose `id` is the entity id), as that statement's own CTE: the writes and their records go in one
 * round trip and one transaction. Each row's values come from `source`, another CTE of the statement
 * with one row per written row, matched on the column `key` of both: its `after` column is the JSON
 * of the values written, its `actor` column who wrote them. `fromRow` names columns of the inserted
 * row added to `after` (those the database fills in, such as a generated code).
 */
export function auditOfInserted(
  cte: string,
  entry: { action: AuditAction; entity: string; source: string; key: string; actor: string; after: string },
  fromRow: readonly string[] = [],
) {
  const extra = fromRow.length
    ? sql` || jsonb_build_object(${sql.join(fromRow.map((c) => sql`${sql.lit(c)}, ${sql.ref(`${cte}.${c}`)}`))})`
    : sql``;
  const src = (c: string) => sql.ref(`${entry.source}.${c}`);
  return (db: QueryCreator<Database>) =>
    db
      .insertInto('audit_log')
      .columns(['actor_id', 'action', 'entity', 'entity_id', 'after'])
      .expression(
        sql`select ${src(entry.actor)}, ${sql.lit(entry.action)}, ${sql.lit(entry.entity)}, ${sql.ref(`${cte}.id`)}::text, ${src(entry.after)}::jsonb${extra}
            from ${sql.table(cte)} join ${sql.table(entry.source)} on ${src(entry.key)} = ${sql.ref(`${cte}.${entry.key}`)}`,
      )
      .returning('audit_log.id');
}
