import type { Location } from 'react-router-dom';

const SIGNER_LINK = 'nda.signerLink';

/** The page a signer invitation pointed at, kept until the signer has signed in. */
export function storeSignerLink(path: string): void {
  localStorage.setItem(SIGNER_LINK, path);
}

/**
 * The NDA an invitation named, kept as the signer link unless one is already kept: a link opened
 * with ?signer= names the exact page it pointed at.
 */
export function rememberSignerLink(path: string): void {
  if (!localStorage.getItem(SIGNER_LINK)) storeSignerLink(path);
}

function takeSignerLink(): string | null {
  const path = localStorage.getItem(SIGNER_LINK);
  localStorage.removeItem(SIGNER_LINK);
  return path;
}

/** Router state a private route leaves when it sends a visitor to /login. */
export interface ReturnState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** The e-mail to sign in with, when the page that sent the visitor knows it. */
  email?: string;
}

/**
 * After sign-in: a stored signer link, else the page the user came from, else the server's `home` (a
 * recipient's NDA, else the account page), so a browser that never saw the invitation lands there too.
 */
export function afterLoginPath(state: unknown, home: string): string {
  const signerLink = takeSignerLink();
  if (signerLink) return signerLink;
  const from = (state as ReturnState | null)?.from;
  if (from?.pathname && from.pathname !== '/login') return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return home;
}

/** A private path without its signer parameter: where the signer goes once registered and signed in. */
export function withoutSignerParam(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const params = new URLSearchParams(location.search);
  params.delete('signer');
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}
