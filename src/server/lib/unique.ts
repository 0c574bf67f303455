import { isUniqueViolation, validation } from './errors';

/** constraint (or unique index) name → the field and message a duplicate answers. */
export type UniqueFields = Record<string, readonly [field: string, message: string]>;

/**
 * Runs a write and turns a unique violation of one of the named constraints (or unique indexes)
 * into a 400 with the field's message: a race between two requests never becomes a 500.
 * Services still check first (for a friendly message listing every field); this covers the race.
 */
export async function withUniqueFields<T>(write: () => Promise<T>, byConstraint: UniqueFields): Promise<T> {
  try {
    return await write();
  } catch (e) {
    for (const [constraint, [field, message]] of Object.entries(byConstraint)) {
      if (isUniqueViolation(e, constraint)) throw validation({ [field]: [message] });
    }
    throw e;
  }
}
