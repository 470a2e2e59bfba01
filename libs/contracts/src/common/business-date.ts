/**
 * The business's time zone: its users are in Singapore and Malaysia (SPEC.md §9 countries), both UTC+8, so
 * "today" — when a future price applies, what a document's date defaults to — is the date there, whatever
 * zone the server or the browser runs in.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Singapore';

/** The business date (YYYY-MM-DD) at `instant`. */
export function businessDate(instant: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
