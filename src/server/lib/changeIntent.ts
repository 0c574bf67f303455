import type { AuditAction } from './audit';

/**
 * "Change with a permission chosen by intent": one PATCH/PUT/toggle may edit fields, activate or
 * deactivate, and each intent needs its own permission (spec 001 §6: edit and reactivate need
 * `change_x`, deactivate needs `delete_x`).
 */
export interface IntentPerms {
  edit: string;
  /** Defaults to `edit`. */
  activate?: string;
  /** Defaults to `edit`. */
  deactivate?: string;
}

export interface ChangeDecision {
  edits: boolean;
  activating: boolean;
  deactivating: boolean;
  /** Every permission the change needs (check them all with `requirePerms(ctx, { all: perms })`). */
  perms: string[];
  /** The audit action: an edit wins over a state change; null when nothing is asked. */
  action: AuditAction | null;
}

/**
 * Decides what a change means against the current row.
 * - `active`: the row's on/off column (`is_active`, `activo`…).
 * - `edits`: whether the patch edits fields; by default, any other key sent (not undefined), the
 *   spec's rule that sending a figure is an edit even when it equals the current one.
 */
export function changeIntent<Row extends object, K extends keyof Row & string>(
  before: Row,
  patch: { [P in K]?: unknown } & Record<string, unknown>,
  opts: { active: K; perms: IntentPerms; edits?: boolean },
): ChangeDecision {
  const wasActive = before[opts.active] as unknown as boolean;
  const next = patch[opts.active];
  const edits = opts.edits ?? Object.entries(patch).some(([k, v]) => k !== opts.active && v !== undefined);
  const activating = next === true && !wasActive;
  const deactivating = next === false && wasActive;
  const perms = new Set<string>();
  if (edits) perms.add(opts.perms.edit);
  if (activating) perms.add(opts.perms.activate ?? opts.perms.edit);
  if (deactivating) perms.add(opts.perms.deactivate ?? opts.perms.edit);
  const action: AuditAction | null = edits ? 'update' : activating ? 'activate' : deactivating ? 'deactivate' : null;
  return { edits, activating, deactivating, perms: [...perms], action };
}

/** The toggle endpoints: the patch that flips the row's on/off column. */
export const togglePatch = <Row extends object, K extends keyof Row & string>(before: Row, active: K) =>
  ({ [active]: !before[active] }) as { [P in K]: boolean };

/** The patch without its undefined keys: what an UPDATE sets. */
export const definedOnly = <T extends object>(patch: T) => Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));

/** The keys of the patch whose value differs from the row's: what an UPDATE must set (none: nothing to write or audit). */
export const cambiosSobre = <T extends object>(before: object, patch: T) =>
  Object.fromEntries(Object.entries(definedOnly(patch)).filter(([k, v]) => v !== (before as Record<string, unknown>)[k]));
