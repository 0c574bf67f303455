import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trpc } from '../trpc';
import { session } from './store';
import { readUserId } from './tokenReader';
import type { UserRecord } from '../../shared/schemas/usuarios';

/** What the password step left to do: nothing (signed in) or the second factor. */
export type LoginStep = { done: true } | { done: false; mfaToken: string };

/**
 * Login stores both tokens, fetches the user by the id inside the token, then goes to "/". A user
 * with a second factor gets a challenge first (`completeMfa`); a user whose role requires one they
 * have not set up goes to Seguridad before anything else.
 */
export function useAuthActions() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const loginMutation = trpc.auth.login.useMutation();
  const mfaMutation = trpc.auth.mfaLogin.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  const signIn = useCallback(
    async (tokens: { access: string; refresh: string }, username: string, enrolment: boolean) => {
      const userId = readUserId(tokens.access);
      if (userId === null) throw new Error('Token de acceso ilegible');
      session.setTokens(tokens.access, tokens.refresh);
      queryClient.clear();
      if (enrolment) {
        // Nothing but Seguridad answers until the second factor is set up: a record from what is known.
        const placeholder: UserRecord = {
          id: userId, username, first_name: username, last_name: '', email: '', is_active: true, is_superuser: false, mfa_enabled: false, clientes: [],
        };
        session.setEnrolmentPending(true);
        session.setUser(placeholder);
        await navigate({ to: '/seguridad' });
        return;
      }
      const user = await utils.client.usuarios.get.query({ id: userId });
      session.setEnrolmentPending(false);
      session.setUser(user);
      await navigate({ to: '/' });
    },
    [utils, queryClient, navigate],
  );

  const login = useCallback(
    async (username: string, password: string): Promise<LoginStep> => {
      const r = await loginMutation.mutateAsync({ username, password });
      if ('mfa_required' in r) return { done: false, mfaToken: r.mfa_token };
      await signIn(r, username, !!r.mfa_enrollment_required);
      return { done: true };
    },
    [loginMutation, signIn],
  );

  const completeMfa = useCallback(
    async (mfaToken: string, code: string, username: string) => {
      const tokens = await mfaMutation.mutateAsync({ mfa_token: mfaToken, code });
      await signIn(tokens, username, false);
    },
    [mfaMutation, signIn],
  );

  const logout = useCallback(async () => {
    const refresh = session.refreshToken();
    session.clear();
    queryClient.clear();
    await navigate({ to: '/' });
    if (refresh) logoutMutation.mutate({ refresh }, { onError: (e) => console.error('Cierre de sesión en el servidor falló', e) });
  }, [logoutMutation, queryClient, navigate]);

  return { login, completeMfa, logout, loggingIn: loginMutation.isPending || mfaMutation.isPending };
}
