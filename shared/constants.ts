export const API_BASE = '/api/v1';
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const ACTIVATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Attempts per minute allowed per e-mail and per IP: failed logins, password reset requests. */
export const AUTH_RATE_LIMIT = { perEmail: 5, perIp: 20, windowMs: 60 * 1000 } as const;
/** Sign-ups allowed per IP in the window: each one sends an e-mail. */
export const REGISTRATION_RATE_LIMIT = { perIp: 5, windowMs: 60 * 60 * 1000 } as const;
/** Contact us messages allowed per IP in the window: each one sends an e-mail to the team. */
export const CONTACT_RATE_LIMIT = { perIp: 5, windowMs: 60 * 60 * 1000 } as const;
/** Files checked on the public verify page, per IP and hour. */
export const VERIFY_RATE_LIMIT = { perIp: 30, windowMs: 60 * 60 * 1000 } as const;
export const TOAST_ERROR_MS = 10_000;
export const TOAST_INFO_MS = 5_000;
export const CURRENCY_SYMBOL = '£';
