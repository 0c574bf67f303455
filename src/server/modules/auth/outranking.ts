import type { Db } from '../../db';
import type { ServiceCtx } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { MA } from '../../../shared/messagesAdmin';
import { loadPermissions } from './permissions.repository';

/**
 * Whether the actor may change another user (edit, state, assignments, current client, second
 * factor): only a superuser changes a superuser, and a non-superuser changes another user only when
 * that user holds no permission the caller lacks (otherwise resetting their password, e-mail or
 * second factor and signing in as them would be a privilege escalation). Call it with the user's row locked.
 */
export async function assertMayChange({ actor }: ServiceCtx, trx: Db, target: { id: number; is_superuser: boolean }) {
  if (target.is_superuser && !actor.isSuperuser) throw forbidden(MA.superuserOnly);
  if (actor.isSuperuser || actor.id === target.id) return;
  for (const p of await loadPermissions(trx, { id: target.id, isSuperuser: false })) if (!actor.perms.has(p)) throw forbidden(MA.outranked);
}
