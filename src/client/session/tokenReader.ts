import { jwtDecode } from 'jwt-decode';

/**
 * The user id inside an access token. A token that is not a string, has a missing part or an
 * unreadable payload is rejected (null).
 */
export function readUserId(token: unknown): number | null {
  if (typeof token !== 'string') return null;
  // jwt-decode reads the payload alone: a token without its header or signature would pass.
  const partes = token.split('.');
  if (partes.length !== 3 || partes.some((p) => p === '')) return null;
  try {
    const claims = jwtDecode<{ user_id?: unknown }>(token);
    return typeof claims.user_id === 'number' ? claims.user_id : null;
  } catch {
    return null;
  }
}
