import type { Db } from '../../db';

/**
 * Raises the user's token version: every access and refresh token issued before stops working
 * (checked on every request by the context, and by refresh). Call it inside the transaction that
 * changes the password or deactivates the user.
 */
export async function revokeUserTokens(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
