import type { Actor } from './actor';
import type { ServiceCtx } from './context';
import { forbidden } from './errors';

/** Every permission in `all` and at least one of `any` (spec 000 §6). A string is `{ all: [it] }`. */
export interface PermRule {
  all?: readonly string[];
  any?: readonly string[];
}

const ruleOf = (rule: PermRule | string): PermRule => (typeof rule === 'string' ? { all: [rule] } : rule);

export function hasPerms(perms: ReadonlySet<string>, rule: PermRule | string): boolean {
  const { all = [], any = [] } = ruleOf(rule);
  return all.every((p) => perms.has(p)) && (any.length === 0 || any.some((p) => perms.has(p)));
}

const actorOfArg = (who: ServiceCtx | Actor): Actor => ('actor' in who ? who.actor : who);

/** True when the actor holds the permission (for "staff see everything, customers their own"). */
export const can = (who: ServiceCtx | Actor, perm: string) => actorOfArg(who).perms.has(perm);

/** Throws 403 `forbidden` unless the actor satisfies the rule. The check services use. */
export function requirePerms(who: ServiceCtx | Actor, rule: PermRule | string): void {
  if (!hasPerms(actorOfArg(who).perms, rule)) throw forbidden();
}
