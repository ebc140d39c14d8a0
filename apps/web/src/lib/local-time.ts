/**
 * A `datetime-local` field holds a wall-clock time without a zone; the API takes an ISO instant. These
 * convert between the two in the reader's own time zone.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * "2030-01-31T09:30:00" for the instant `iso`, as the reader's clock shows it (seconds included, for a
 * field with `step={1}`); empty when unreadable.
 */
export function toLocalInput(iso: string | undefined): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The instant of a `datetime-local` value read in the reader's time zone; undefined when empty. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The reader's time zone, as the browser names it ("Europe/Berlin"). */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
