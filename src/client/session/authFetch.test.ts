import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A call that rotates the tokens (turning the second factor on, changing the password) ends the
 * other sessions: a call sent a moment before with the old token answers 401, and so does a refresh
 * with the old refresh token. Neither may sign the user out of the session that just began.
 */
const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
});
const { authFetch, setLogoutHandler } = await import('./authFetch');
const { session } = await import('./store');

type Answer = (url: string, init: RequestInit) => Promise<Response> | Response;
const calls: { url: string; auth: string | null; body?: string }[] = [];
function serve(answer: Answer) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, auth: new Headers(init.headers).get('Authorization'), body: init.body as string | undefined });
    return answer(url, init);
  });
}
const status = (n: number) => new Response('{}', { status: n, headers: { 'content-type': 'application/json' } });
const bearer = (init: RequestInit) => new Headers(init.headers).get('Authorization');

let signedOut = 0;
beforeEach(() => {
  session.clear();
  storage.clear();
  calls.length = 0;
  signedOut = 0;
  setLogoutHandler(() => {
    signedOut += 1;
  });
  session.setTokens('acceso-viejo', 'refresco-viejo');
});

describe('authFetch when another call rotated the tokens', () => {
  it('a 401 to the old token is retried with the stored new one, without a refresh', async () => {
    serve((_url, init) => {
      if (bearer(init) === 'Bearer acceso-viejo') {
        session.setTokens('acceso-nuevo', 'refresco-nuevo');
        return status(401);
      }
      return status(200);
    });
    const res = await authFetch('/trpc/usuarios.clienteActual');
    expect(res.status).toBe(200);
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/trpc/usuarios.clienteActual', 'Bearer acceso-viejo'],
      ['/trpc/usuarios.clienteActual', 'Bearer acceso-nuevo'],
    ]);
    expect(signedOut).toBe(0);
  });

  it('a refresh refused because the tokens rotated meanwhile goes on with the new ones', async () => {
    serve((url, init) => {
      if (url === '/api/token/refresh/') {
        // The rotating call's answer is stored while the refresh is on its way.
        session.setTokens('acceso-nuevo', 'refresco-nuevo');
        return status(401);
      }
      return bearer(init) === 'Bearer acceso-nuevo' ? status(200) : status(401);
    });
    const res = await authFetch('/trpc/usuarios.clientesAsignados');
    expect(res.status).toBe(200);
    expect(calls.map((c) => c.auth ?? c.body)).toEqual(['Bearer acceso-viejo', JSON.stringify({ refresh: 'refresco-viejo' }), 'Bearer acceso-nuevo']);
    expect(signedOut).toBe(0);
  });

  it('a refused refresh with no rotation still signs out', async () => {
    serve(() => status(401));
    const res = await authFetch('/trpc/auth.myPermissions');
    expect(res.status).toBe(401);
    expect(signedOut).toBe(1);
  });

  it('an expired access token is refreshed once and the call retried', async () => {
    serve((url, init) => {
      if (url === '/api/token/refresh/') return new Response(JSON.stringify({ access: 'acceso-renovado' }), { status: 200 });
      return bearer(init) === 'Bearer acceso-renovado' ? status(200) : status(401);
    });
    const res = await authFetch('/trpc/auth.myPermissions');
    expect(res.status).toBe(200);
    expect(session.token()).toBe('acceso-renovado');
    expect(signedOut).toBe(0);
  });
});

describe('authFetch when the token is gone from storage', () => {
  const signedIn = () => session.setUser({ id: 7, username: 'operador' } as never);

  it('signed out in another tab: a call sent without a token signs this page out too, with no refresh', async () => {
    signedIn();
    storage.clear();
    serve(() => status(401));
    const res = await authFetch('/trpc/transacciones.list');
    expect(res.status).toBe(401);
    expect(calls.map((c) => [c.url, c.auth])).toEqual([['/trpc/transacciones.list', null]]);
    expect(signedOut).toBe(1);
  });

  it('the access token alone removed: refreshed once and the call retried', async () => {
    signedIn();
    storage.delete('token');
    serve((url, init) => {
      if (url === '/api/token/refresh/') return new Response(JSON.stringify({ access: 'acceso-renovado' }), { status: 200 });
      return bearer(init) === 'Bearer acceso-renovado' ? status(200) : status(401);
    });
    const res = await authFetch('/trpc/transacciones.list');
    expect(res.status).toBe(200);
    expect(calls.map((c) => c.url)).toEqual(['/trpc/transacciones.list', '/api/token/refresh/', '/trpc/transacciones.list']);
    expect(signedOut).toBe(0);
  });

  it('an anonymous visitor\'s 401 (a wrong password) is only passed on', async () => {
    storage.clear();
    serve(() => status(401));
    const res = await authFetch('/api/token/');
    expect(res.status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(signedOut).toBe(0);
  });
});
