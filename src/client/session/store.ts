import { useSyncExternalStore } from 'react';
import type { UserRecord } from '../../shared/schemas/usuarios';

/** Browser storage keys of spec 000 §9. */
export const KEYS = { token: 'token', refresh: 'refresh', user: 'user', mfaEnrolment: 'mfa_enrolment' } as const;

export interface Session {
  token: string;
  refresh: string;
  user: UserRecord;
}

let current: Session | null = restore();
const listeners = new Set<() => void>();

/** The session is restored only when token, refresh and user are all present and readable. */
function restore(): Session | null {
  const token = localStorage.getItem(KEYS.token);
  const refresh = localStorage.getItem(KEYS.refresh);
  const userJson = localStorage.getItem(KEYS.user);
  if (!token || !refresh || !userJson) return null;
  try {
    const user = JSON.parse(userJson) as UserRecord;
    return user && typeof user.id === 'number' ? { token, refresh, user } : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

export const session = {
  get: () => current,
  isLoggedIn: () => current !== null,
  /** Tokens stored right after login, before the user record arrives. */
  setTokens(token: string, refresh: string) {
    localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.refresh, refresh);
  },
  setAccess(token: string) {
    localStorage.setItem(KEYS.token, token);
    if (current) {
      current = { ...current, token };
      emit();
    }
  },
  setUser(user: UserRecord) {
    localStorage.setItem(KEYS.user, JSON.stringify(user));
    current = restore();
    emit();
  },
  /** The user's role requires a second factor they have not set up: only Seguridad opens until they do. */
  enrolmentPending: () => localStorage.getItem(KEYS.mfaEnrolment) === '1',
  setEnrolmentPending(pending: boolean) {
    if (pending) localStorage.setItem(KEYS.mfaEnrolment, '1');
    else localStorage.removeItem(KEYS.mfaEnrolment);
    emit();
  },
  token: () => localStorage.getItem(KEYS.token),
  refreshToken: () => localStorage.getItem(KEYS.refresh),
  clear() {
    localStorage.removeItem(KEYS.token);
    localStorage.removeItem(KEYS.refresh);
    localStorage.removeItem(KEYS.user);
    localStorage.removeItem(KEYS.mfaEnrolment);
    current = null;
    emit();
  },
  /** Read again from storage, which another tab of the app may have changed (signed out, or in as someone else). */
  reload() {
    current = restore();
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get);
}
