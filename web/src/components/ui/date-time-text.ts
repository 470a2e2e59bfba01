import { parseDay } from './calendar-days';

/** `YYYY-MM-DDTHH:mm`, a local date and time to the minute (the value format of an `<input type="datetime-local">`). */
export const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `text` is a local date-time of LOCAL_DATE_TIME's shape on a calendar day that exists. */
export function isLocalDateTime(text: string): boolean {
  const match = LOCAL_DATE_TIME.exec(text);
  return match !== null && parseDay(match[1]) !== undefined;
}

/** Now as a local date-time to the minute (`YYYY-MM-DDTHH:mm`). */
export function localDateTimeNow(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** A typed time as `HH:mm` when it reads as one (`930`, `9:30`, `0930`, `9.30` → `09:30`); else as typed. */
export function normalizeTimeText(text: string): string {
  const trimmed = text.trim();
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(trimmed);
  if (!match) return trimmed;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return trimmed;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
