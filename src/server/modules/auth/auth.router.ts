import { router, baseProcedure, authedProcedure, permProcedure } from '../../trpc/init';
import { unauthorized } from '../../lib/errors';
import { mfaEnrollmentRequired } from './mfaPolicy';
import { M } from '../../../shared/messages';
import {
  accessOnly, loginInput, passwordResetConfirmInput, passwordResetInput, permsResult, refreshInput, registerInput, registerResult, resendInput, tokenPair, verifyInput,
} from '../../../shared/schemas/auth';
import { detailSchema } from '../../../shared/schemas/common';
import {
  loginResult, mfaDisableInput, mfaEnableInput, mfaEnableResult, mfaLoginInput, mfaSetupResult, mfaStatus, passwordChangeInput, resetUserMfaInput, sinCampos,
  sessionRenewed,
} from '../../../shared/schemas/mfa';
import { P } from '../../../shared/permissions';
import { serviceCtx } from '../../lib/context';
import * as auth from './auth.service';
import * as mfa from './mfa.service';
import type { Ctx } from '../../trpc/context';

const me = (ctx: Ctx & { user: { id: number } }) => ({ db: ctx.db, env: ctx.env, services: ctx.services, ip: ctx.ip, userId: ctx.user.id });

export const authRouter = router({
  login: baseProcedure.input(loginInput).output(loginResult).mutation(({ ctx, input }) => auth.login(ctx, input)),
  /** Step 2 of a sign-in with a second factor. */
  mfaLogin: baseProcedure.input(mfaLoginInput).output(tokenPair).mutation(({ ctx, input }) => mfa.completeLogin(ctx, input)),
  mfaStatus: authedProcedure.output(mfaStatus).query(({ ctx }) => mfa.status(me(ctx))),
  mfaSetup: authedProcedure.input(sinCampos).output(mfaSetupResult).mutation(({ ctx }) => mfa.setup(me(ctx))),
  mfaEnable: authedProcedure.input(mfaEnableInput).output(mfaEnableResult).mutation(({ ctx, input }) => mfa.enable(me(ctx), input)),
  mfaDisable: authedProcedure.input(mfaDisableInput).output(sessionRenewed).mutation(({ ctx, input }) => mfa.disable(me(ctx), input)),
  passwordChange: authedProcedure.input(passwordChangeInput).output(sessionRenewed).mutation(({ ctx, input }) => mfa.changePassword(me(ctx), input)),
  logoutAll: authedProcedure.input(sinCampos).output(detailSchema).mutation(({ ctx }) => mfa.logoutEverywhere(me(ctx))),
  /** Staff: another user's second factor off (they enrol again). */
  resetUserMfa: permProcedure({ all: [P.resetMfa] })
    .input(resetUserMfaInput)
    .output(detailSchema)
    .mutation(({ ctx, input }) => mfa.resetUserMfa(serviceCtx(ctx), input.id)),
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
    if (ctx.mfaEnrollment) throw mfaEnrollmentRequired();
    return { perms: [...ctx.perms].sort() };
  }),
});
