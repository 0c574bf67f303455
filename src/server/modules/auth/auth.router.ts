import { router, baseProcedure, authedProcedure } from '../../trpc/init';
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
  myPermissions: authedProcedure.output(permsResult).query(({ ctx }) => ({ perms: [...ctx.perms].sort() })),
});
