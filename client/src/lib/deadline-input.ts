/**
 * The NDA deadline as a datetime-local input holds it: a wall-clock time in the browser's time zone,
 * stored and sent as a UTC instant.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-12-01T18:00' in the browser's zone for a UTC instant; '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The UTC instant of a datetime-local value read in the browser's zone; null for an empty one. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The browser's time zone, named for the field's description. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
