/** A deadline in the viewer's own time zone (the browser's), with the zone's name. */
export function DeadlineTime({ at }: { at: Date }) {
  const text = new Intl.DateTimeFormat(undefined, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZoneName: 'short',
  }).format(at);
  return <time dateTime={at.toISOString()}>{text}</time>;
}
