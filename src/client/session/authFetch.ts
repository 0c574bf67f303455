import { session } from './store';

type LogoutHandler = () => void;
let onLogout: LogoutHandler = () => session.clear();
export function setLogoutHandler(handler: LogoutHandler) {
  onLogout = handler;
}

let refreshing: Promise<string | null> | null = null;

/** One refresh at a time; null when the refresh token is refused (then the user is logged out). */
function refreshAccess(): Promise<string | null> {
  refreshing ??= (async () => {
    const refresh = session.refreshToken();
    if (!refresh) return null;
    try {
      const res = await fetch('/api/token/refresh/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!res.ok) {
        // Refused because another call rotated the tokens meanwhile (a second factor turned on, a
        // password changed): the stored ones are the new session, not a reason to sign out.
        return session.refreshToken() !== refresh ? session.token() : null;
      }
      const { access } = (await res.json()) as { access: string };
      session.setAccess(access);
      return access;
    } catch (e) {
      console.error('No se pudo refrescar la sesión', e);
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withAuth(init: RequestInit | undefined, token: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/**
 * fetch with the bearer token from storage. On a 401 it refreshes once and retries the request;
 * when the refresh fails the user is logged out (spec 000 §4).
 */
/**
 * A 403 `mfa_enrollment_required`: the user's role requires a second factor (maybe since a moment
 * ago) and only Seguridad opens until they set it up.
 */
async function enrolmentRequired(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  try {
    const body = (await res.clone().json()) as { code?: unknown; error?: { data?: { extra?: { code?: unknown } } } }[] | { code?: unknown; error?: { data?: { extra?: { code?: unknown } } } };
    const items = Array.isArray(body) ? body : [body];
    return items.some((b) => b?.code === 'mfa_enrollment_required' || b?.error?.data?.extra?.code === 'mfa_enrollment_required');
  } catch {
    return false;
  }
}

export async function authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const token = session.token();
  const res = await fetch(input, withAuth(init, token));
  if (token && (await enrolmentRequired(res)) && !session.enrolmentPending()) {
    session.setEnrolmentPending(true);
    window.location.assign('/seguridad');
  }
  if (res.status !== 401) return res;
  // Sent without a token although this page is signed in: another tab signed out, or the token was
  // removed. Refresh if a refresh token is left; without one, sign out instead of staying half in.
  if (!token && !session.isLoggedIn() && !session.refreshToken()) return res;
  const stored = session.token();
  const access = stored && stored !== token ? stored : await refreshAccess();
  if (!access) {
    onLogout();
    return res;
  }
  const retry = await fetch(input, withAuth(init, access));
  if (retry.status === 401) onLogout();
  return retry;
}
