import { createTRPCClient, httpLink } from '@trpc/client';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { notifyError } from '@client/components/ui/notify';
import type { AppRouter } from '@client/lib/router-types';
import { errorStatusOf } from '@client/lib/errors';
import { clearSession, readSession, saveTokens } from './session-store';

/** Refresh goes through its own plain link: it must never wait on the 401 handling it serves. */
const refreshClient = createTRPCClient<AppRouter>({ links: [httpLink({ url: '/trpc' })] });

const LOCK = 'nda-workspace-token-refresh';
let inflight: Promise<string | null> | null = null;

/**
 * Answers a working access token in place of `stale`, or null when the session is over.
 * Single-flight: every caller that arrives while a refresh runs shares its promise. Across tabs, a
 * Web Lock serializes the refresh, and localStorage is read again inside it: when another tab (or an
 * earlier refresh here) has already rotated the tokens, its token is used and the refresh token is
 * not presented twice (presenting a rotated refresh token revokes the session).
 */
export function refreshAccessToken(stale: string): Promise<string | null> {
  inflight ??= withLock(() => rotate(stale)).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function withLock(fn: () => Promise<string | null>): Promise<string | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? await locks.request(LOCK, fn) : fn();
}

async function rotate(stale: string): Promise<string | null> {
  const current = readSession();
  if (!current) return null;
  if (current.access !== stale) return current.access;
  try {
    const tokens = await refreshClient.auth.refresh.mutate({ refresh: current.refresh });
    saveTokens(tokens);
    return tokens.access;
  } catch (err) {
    const status = errorStatusOf(err);
    if (status === 401 || status === 400) {
      // The private routes see the cleared session and send the user to /login, remembering the page.
      clearSession();
      notifyError('Please sign in again.', AUTH_MESSAGES.refreshExpired);
    } else {
      notifyError('Failed update Tokens');
    }
    return null;
  }
}
