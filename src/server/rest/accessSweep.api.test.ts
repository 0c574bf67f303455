import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { userWith } from '../test/fixtures';
import { appRouter } from '../trpc/router';
import { restRoutes } from './routes';

/**
 * Every procedure, swept: a new one that forgets its permission gate fails here until it is named
 * below on purpose. Anonymous callers reach only the public procedures; a signed-in user holding no
 * permission reaches only what any signed-in user may (their own account, the catalogues their forms
 * offer, their own clients' records), and the service narrows those to what is theirs.
 */
const PUBLIC = [
  'auth.login', 'auth.mfaLogin', 'auth.refresh', 'auth.logout', 'auth.register', 'auth.verifyEmail', 'auth.resendCode',
  'auth.passwordReset', 'auth.passwordResetConfirm', 'auth.myPermissions', 'divisas.conTasa', 'cotizaciones.public',
  'tauser.mapConfig', 'simulacion.publica', 'simulacion.metodosDisponibles', 'terminal.login',
];
/** Not refused up front to a signed-in user without permissions (with an empty input). */
const ANY_SIGNED_IN = [
  'auth.mfaStatus', 'auth.mfaSetup', 'auth.mfaEnable', 'auth.mfaDisable', 'auth.passwordChange', 'auth.logoutAll',
  'usuarios.get', 'usuarios.clientesAsignados', 'usuarios.clienteActual', 'usuarios.setClienteActual', 'usuarios.roles',
  'clientes.get', 'clientes.historial', 'transacciones.get', 'transacciones.list', 'tauser.get',
  'metodos.list', 'metodos.get', 'metodos.toggleActive', 'metodos.opciones', 'metodos.crearInstancia',
  ...['bancos', 'billeterasCatalogo', 'tarjetasCatalogo'].flatMap((c) => [`metodos.${c}.list`, `metodos.${c}.get`]),
  ...['cuentas', 'billeteras', 'tarjetas', 'detalles'].flatMap((c) => [`metodos.${c}.get`, `metodos.${c}.create`, `metodos.${c}.update`]),
  'metodos.detalles.toggleActive',
];

type Caller = Awaited<ReturnType<TestApp['caller']>>;
const procedures = Object.keys(appRouter._def.procedures);

async function codeOf(caller: Caller, path: string): Promise<string> {
  const fn = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
  try {
    await fn({});
    return 'OK';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('permission gates of every procedure', () => {
  it('the lists name procedures that exist', () => {
    for (const p of [...PUBLIC, ...ANY_SIGNED_IN]) expect(procedures, p).toContain(p);
  });

  it('an anonymous caller is refused with 401 by every procedure but the public ones', async () => {
    const anon = await app.caller();
    const open: string[] = [];
    for (const p of procedures) {
      const code = await codeOf(anon, p);
      expect(code, p).not.toBe('INTERNAL_SERVER_ERROR');
      if (code !== 'UNAUTHORIZED') open.push(p);
    }
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it('a signed-in user without permissions is refused with 403 by every staff procedure', async () => {
    const nobody = await userWith(app, []);
    const caller = await app.caller(nobody.token);
    const open: string[] = [];
    // Signing out everywhere would void the token for the procedures after it: it goes last.
    for (const p of [...procedures.filter((x) => x !== 'auth.logoutAll'), 'auth.logoutAll']) {
      const code = await codeOf(caller, p);
      expect(code, p).not.toBe('INTERNAL_SERVER_ERROR');
      if (code !== 'FORBIDDEN' && !PUBLIC.includes(p)) open.push(p);
    }
    expect(open.sort()).toEqual([...ANY_SIGNED_IN].sort());
  });

  it('REST marks as public exactly the routes of public procedures, and the others answer 401 without a token', async () => {
    for (const r of restRoutes) {
      expect(!!r.public, `${r.method} ${r.path}`).toBe(PUBLIC.includes(r.procedure));
      if (r.public) continue;
      const path = r.path.replace(/:\w+/g, '1');
      const res = await app.api(r.method.toUpperCase(), path, { body: r.method === 'get' || r.method === 'delete' ? undefined : {} });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
    }
  });
});
