import type { CurrentUser } from '@client/lib/router-types';

/** What a signed-in browser keeps: both tokens and the user the login answered with. */
export interface Session {
  access: string;
  refresh: string;
  user: CurrentUser;
}

/** Where the session is kept in localStorage (the end-to-end tests sign in through it too). */
export const SESSION_STORAGE_KEY = 'nda.session';
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    return value && typeof value.access === 'string' && typeof value.refresh === 'string' && value.user
      ? (value as Session)
      : null;
  } catch {
    return null;
  }
}

/**
 * Always reads localStorage, never a copy held in memory: another tab may have rotated the tokens or
 * signed out since this one last looked.
 */
export function readSession(): Session | null {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

function write(session: Session | null): void {
  if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function saveSession(session: Session): void {
  write(session);
}

export function saveTokens(tokens: { access: string; refresh: string }): void {
  const current = readSession();
  if (current) write({ ...current, ...tokens });
}

export function saveUser(user: CurrentUser): void {
  const current = readSession();
  if (current && JSON.stringify(current.user) !== JSON.stringify(user)) write({ ...current, user });
}

export function clearSession(): void {
  write(null);
}

/** Changes made here and, through the storage event, in other tabs. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
