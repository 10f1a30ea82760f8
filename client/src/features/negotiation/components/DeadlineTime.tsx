import { formatDateTime } from '@shared/dates';

/** The short name of the viewer's time zone at that moment ("GMT+1", "EST"). */
function zoneName(at: Date): string {
  const parts = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** A deadline in the viewer's own time zone (the browser's), in the product's date format, with the zone's name. */
export function DeadlineTime({ at }: { at: Date }) {
  return <time dateTime={at.toISOString()}>{`${formatDateTime(at)} ${zoneName(at)}`.trim()}</time>;
}
