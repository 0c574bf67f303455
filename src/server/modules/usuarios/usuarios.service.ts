import type { Ctx } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import { assertPerms } from '../../trpc/init';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { findUser } from './usuarios.repository';

/** Anyone may read their own record (the login flow needs it); others need view permission. */
export async function getUser(ctx: Ctx & { user: { id: number } }, id: number) {
  if (ctx.user.id !== id) assertPerms(ctx, { all: [P.viewUser] });
  const user = await findUser(ctx.db, id);
  if (!user) throw new AppError('NOT_FOUND', M.notFound);
  return user;
}
