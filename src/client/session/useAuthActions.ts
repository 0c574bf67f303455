import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trpc } from '../trpc';
import { session } from './store';
import { readUserId } from './tokenReader';

/** Login stores both tokens, fetches the user by the id inside the token, then goes to "/". */
export function useAuthActions() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const loginMutation = trpc.auth.login.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  const login = useCallback(
    async (username: string, password: string) => {
      const tokens = await loginMutation.mutateAsync({ username, password });
      const userId = readUserId(tokens.access);
      if (userId === null) throw new Error('Token de acceso ilegible');
      session.setTokens(tokens.access, tokens.refresh);
      const user = await utils.client.usuarios.get.query({ id: userId });
      queryClient.clear();
      session.setUser(user);
      await navigate({ to: '/' });
    },
    [loginMutation, utils, queryClient, navigate],
  );

  const logout = useCallback(async () => {
    const refresh = session.refreshToken();
    session.clear();
    queryClient.clear();
    await navigate({ to: '/' });
    if (refresh) logoutMutation.mutate({ refresh }, { onError: (e) => console.error('Cierre de sesión en el servidor falló', e) });
  }, [logoutMutation, queryClient, navigate]);

  return { login, logout, loggingIn: loginMutation.isPending };
}
