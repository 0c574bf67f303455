import { AppError, isUniqueViolation, type FieldErrors } from './errors';

/**
 * Runs a write and turns a unique violation of one of the named constraints (or unique indexes)
 * into a 400 with the field's message: a race between two requests never becomes a 500.
 */
export async function withUniqueFields<T>(write: () => Promise<T>, byConstraint: Record<string, [field: string, message: string]>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    for (const [constraint, [field, message]] of Object.entries(byConstraint)) {
      if (isUniqueViolation(e, constraint)) {
        const fields: FieldErrors = { [field]: [message] };
        throw new AppError('BAD_REQUEST', message, fields);
      }
    }
    throw e;
  }
}
