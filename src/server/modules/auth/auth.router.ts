import { router, baseProcedure } from '../../trpc/init';
import { unauthorized } from '../../lib/errors';
import { M } from '../../../shared/messages';
import {
  accessOnly, loginInput, passwordResetConfirmInput, passwordResetInput, permsResult, refreshInput, registerInput, registerResult, resendInput, tokenPair, verifyInput,
} from '../../../shared/schemas/auth';
import { detailSchema } from '../../../shared/schemas/common';
import * as auth from './auth.service';

export const authRouter = router({
  login: baseProcedure.input(loginInput).output(tokenPair).mutation(({ ctx, input }) => auth.login(ctx, input)),
  refresh: baseProcedure.input(refreshInput).output(accessOnly).mutation(({ ctx, input }) => auth.refresh(ctx, input.refresh)),
  logout: baseProcedure.input(refreshInput).output(detailSchema).mutation(({ ctx, input }) => auth.logout(ctx, input.refresh)),
  register: baseProcedure.input(registerInput).output(registerResult).mutation(({ ctx, input }) => auth.register(ctx, input)),
  verifyEmail: baseProcedure.input(verifyInput).output(detailSchema).mutation(({ ctx, input }) => auth.verifyEmail(ctx, input)),
  resendCode: baseProcedure.input(resendInput).output(detailSchema).mutation(({ ctx, input }) => auth.resendCode(ctx, input.email)),
  passwordReset: baseProcedure.input(passwordResetInput).output(detailSchema).mutation(({ ctx, input }) => auth.requestPasswordReset(ctx, input.email)),
  passwordResetConfirm: baseProcedure
    .input(passwordResetConfirmInput)
    .output(detailSchema)
    .mutation(({ ctx, input }) => auth.confirmPasswordReset(ctx, input)),
  /**
   * Public screens ask before anyone signs in: no token is an empty set, while a token that cannot be
   * accepted (malformed, expired, revoked, of a deactivated user) is a 401 so the client refreshes or signs out.
   */
  myPermissions: baseProcedure.output(permsResult).query(({ ctx }) => {
    if (ctx.tokenProblem) throw unauthorized(M.tokenInvalid);
    return { perms: [...ctx.perms].sort() };
  }),
});
