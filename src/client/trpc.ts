import { createTRPCReact, type CreateTRPCReact } from '@trpc/react-query';
import { httpLink } from '@trpc/client';
import { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '../server/trpc/router';
import { authFetch } from './session/authFetch';

export const trpc: CreateTRPCReact<AppRouter, unknown> = createTRPCReact<AppRouter>();

export const queryClient = new QueryClient({
  defaultOptions: {
    // 'always': offline, a call fails at once and the screen says so (with 'Reintentar'); TanStack's default
    // would hold it paused, a spinner with no word, until the connection came back.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

export const trpcClient = trpc.createClient({
  links: [
    httpLink({
      url: '/trpc',
      fetch: authFetch,
      // A call made with `context: { idempotencyKey }` carries it as the Idempotency-Key header.
      headers: ({ op }): Record<string, string> =>
        typeof op.context.idempotencyKey === 'string' ? { 'Idempotency-Key': op.context.idempotencyKey } : {},
    }),
  ],
});
