import { describe, expect, it } from 'vitest';
import { staticKey, staticRoutes } from './adapter';
import { restRoutes } from './routes';
import type { RestRoute } from './types';

const r = (method: RestRoute['method'], path: string): RestRoute => ({ method, path, procedure: 'auth.login', summary: '', tag: '' });

describe('fixed REST paths answered from a map', () => {
  it('takes only paths without parameters that no earlier route of the same method would match', () => {
    const byId = r('get', '/x/:id/');
    const later = r('get', '/x/publico/');
    const earlier = r('get', '/y/publico/');
    const yById = r('get', '/y/:id/');
    const post = r('post', '/x/publico/');
    const set = staticRoutes([byId, later, earlier, yById, post]);
    expect(set.has(byId)).toBe(false);
    expect(set.has(later)).toBe(false); // '/x/:id/' comes first and Express would call it
    expect(set.has(earlier)).toBe(true);
    expect(set.has(post)).toBe(true); // another method is not in the way
  });

  it('keys paths as Express matches them: any case, with or without the final slash', () => {
    expect(staticKey('get', '/Me/Permissions/')).toBe(staticKey('GET', '/me/permissions'));
  });

  it('in the product table, the public rates and the simulator are fixed, and ids are never', () => {
    const set = staticRoutes(restRoutes);
    const paths = [...set].map((x) => `${x.method} ${x.path}`);
    expect(paths).toEqual(expect.arrayContaining(['get /cotizaciones/public/', 'post /operaciones/simular_publica/', 'get /me/permissions/']));
    expect(paths.some((p) => p.includes(':'))).toBe(false);
  });
});
