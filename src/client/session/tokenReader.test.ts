import { describe, expect, it } from 'vitest';
import { readUserId } from './tokenReader';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (payload: unknown) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.firma`;

describe('readUserId (spec 000 §5, §6)', () => {
  it('reads user_id from the payload of the stored token', () => {
    expect(readUserId(token({ user_id: 42, token_type: 'access' }))).toBe(42);
  });

  it('rejects a token that is not a string, has a missing part or an unreadable payload', () => {
    for (const bad of [undefined, null, 42, { user_id: 1 }]) expect(readUserId(bad)).toBeNull();
    expect(readUserId(token({ user_id: 1 }).split('.').slice(0, 1).join('.'))).toBeNull();
    const [h, p, f] = token({ user_id: 1 }).split('.');
    for (const faltante of [`${h}.${p}`, `.${p}.${f}`, `${h}.${p}.`, `${p}`]) expect(readUserId(faltante), faltante).toBeNull();
    expect(readUserId(`${b64({ alg: 'HS256' })}.no-es-json.firma`)).toBeNull();
    expect(readUserId(token({ user_id: '1' }))).toBeNull();
  });
});
