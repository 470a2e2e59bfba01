/**
 * Calendar days for the kit's date inputs. SPEC.md §9 shows dates as YYYY-MM-DD in every language, so the
 * inputs show and accept that form only (a native `<input type="date">` would show the browser locale's
 * mm/dd/yyyy). Arithmetic runs in UTC, so no time zone or daylight-saving change moves a day.
 */

/** A calendar day; `month` is 1–12. */
export interface Day {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const fromUtc = (time: number): Day => {
  const date = new Date(time);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** A day from its parts, rolling over like Date does (month 13 is January next year, day 0 the last before). */
function dayOf(year: number, month: number, day: number): Day {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return fromUtc(date.getTime());
}

/** `2024-03-05`. */
export function formatDay(day: Day): string {
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
}

/** The day of a strict `YYYY-MM-DD` that exists on the calendar (not 2023-02-29), else undefined. */
export function parseDay(text: string): Day | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const parsed = dayOf(year, month, day);
  return parsed.year === year && parsed.month === month && parsed.day === day ? parsed : undefined;
}

/**
 * What a typed date becomes when the field is left: `2024-3-5`, `2024/03/05`, `2024.3.5` and `20240305`
 * become `2024-03-05` when that day exists; anything else stays as typed (trimmed) for validation to name.
 */
export function normalizeDayText(text: string): string {
  const trimmed = text.trim();
  const match =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(trimmed) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed) ?? undefined;
  if (!match) return trimmed;
  const candidate = `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}`;
  return parseDay(candidate) ? candidate : trimmed;
}

/** Today in the user's time zone. */
export function today(now = new Date()): Day {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

export function addDays(day: Day, days: number): Day {
  return dayOf(day.year, day.month, day.day + days);
}

/** The same day `months` later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: Day, months: number): Day {
  const first = dayOf(day.year, day.month + months, 1);
  const last = dayOf(first.year, first.month + 1, 0).day;
  return { ...first, day: Math.min(day.day, last) };
}

/** Weeks start on Monday, as in the date-range shortcuts. */
export function startOfWeek(day: Day): Day {
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export function sameDay(a: Day | undefined, b: Day | undefined): boolean {
  return Boolean(a && b && a.year === b.year && a.month === b.month && a.day === b.day);
}

/** Whether `day` lies within the optional `YYYY-MM-DD` bounds, both inclusive. */
export function withinBounds(day: Day, min?: string, max?: string): boolean {
  const text = formatDay(day);
  return (!min || text >= min) && (!max || text <= max);
}

/** The 6 weeks (42 days, Monday first) a month view shows. */
export function monthGrid(year: number, month: number): Day[][] {
  const start = startOfWeek({ year, month, day: 1 });
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => addDays(start, week * 7 + weekday)),
  );
}

/** `YYYY-MM-DDTHH:mm`, a local date and time to the minute (the value format of an `<input type="datetime-local">`). */
export const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `text` is a local date-time of LOCAL_DATE_TIME's shape on a calendar day that exists. */
export function isLocalDateTime(text: string): boolean {
  const match = LOCAL_DATE_TIME.exec(text);
  return match !== null && parseDay(match[1]) !== undefined;
}

/** An instant (a Date or ISO text) as the local `YYYY-MM-DDTHH:mm` the kit's date-time field holds. */
export function toLocalDateTime(value: Date | string): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Now as a local date-time to the minute (`YYYY-MM-DDTHH:mm`). */
export function localDateTimeNow(now = new Date()): string {
  return toLocalDateTime(now);
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
