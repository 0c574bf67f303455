import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { M } from '../../shared/messages';

/** What a tRPC client that is not the web app meets over HTTP when its request is malformed: Spanish, as REST says it. */
let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.adminToken();
});
afterAll(() => app.close());

const trpc = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${app.url}/trpc/${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: (await res.json()) as { error: { message: string; data: { code: string; httpStatus: number } } } };
};

describe('tRPC over HTTP: malformed requests', () => {
  it('an input that is not JSON answers 400 in Spanish (a query and a mutation)', async () => {
    const query = await trpc('reportes.resumen?input=notjson');
    expect(query.status).toBe(400);
    expect(query.body.error.message).toBe(M.malformedInput);
    const mutation = await trpc('reportes.guardarUmbral', { method: 'POST', body: '{x' });
    expect(mutation.status).toBe(400);
    expect(mutation.body.error.message).toBe(M.malformedInput);
  });

  it('the wrong method answers 405 and an unknown procedure 404, in Spanish', async () => {
    const wrong = await trpc('reportes.resumen', { method: 'POST', body: '{}' });
    expect(wrong.status).toBe(405);
    expect(wrong.body.error.message).toBe(M.methodNotAllowed);
    const unknown = await trpc('reportes.nada');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(M.notFound);
  });

  it('validation keeps its own message and fields', async () => {
    const r = await trpc(`reportes.transacciones?input=${encodeURIComponent(JSON.stringify({ page: 0 }))}`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Datos inválidos.');
  });
});
