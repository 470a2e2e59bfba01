import { isoDate } from './format';

/** SPEC.md §9 date shortcuts, in the order the date-range filter offers them. */
export const DATE_SHORTCUTS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'last3Months',
  'thisYear',
  'lastYear',
  'past7Days',
  'past30Days',
  'past1Year',
  'fromBeginning',
] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

/** Calendar days as YYYY-MM-DD, both ends inclusive; an absent end is open. */
export interface DateRange {
  from?: string;
  to?: string;
}

const day = (year: number, month: number, date: number) => new Date(year, month, date);
const addDays = (date: Date, days: number) => day(date.getFullYear(), date.getMonth(), date.getDate() + days);
/** Same day `months` earlier, clamped to the month's last day (31 May − 3 months = 28/29 Feb). */
function addMonths(date: Date, months: number): Date {
  const target = day(date.getFullYear(), date.getMonth() + months, 1);
  const last = day(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return day(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), last));
}
/** Weeks start on Monday. */
const startOfWeek = (date: Date) => addDays(date, -((date.getDay() + 6) % 7));

/**
 * The days a shortcut covers, relative to `now`. Periods that have not ended ("this month") run to today;
 * "last ..." periods are the whole previous period; "past N" counts today.
 */
export function shortcutRange(shortcut: DateShortcut, now = new Date()): DateRange {
  const today = day(now.getFullYear(), now.getMonth(), now.getDate());
  const range = (from: Date | undefined, to: Date): DateRange => ({
    ...(from && { from: isoDate(from) }),
    to: isoDate(to),
  });
  const year = today.getFullYear();
  const month = today.getMonth();
  switch (shortcut) {
    case 'today':
      return range(today, today);
    case 'yesterday':
      return range(addDays(today, -1), addDays(today, -1));
    case 'thisWeek':
      return range(startOfWeek(today), today);
    case 'lastWeek': {
      const start = addDays(startOfWeek(today), -7);
      return range(start, addDays(start, 6));
    }
    case 'thisMonth':
      return range(day(year, month, 1), today);
    case 'lastMonth':
      return range(day(year, month - 1, 1), day(year, month, 0));
    case 'thisQuarter':
      return range(day(year, month - (month % 3), 1), today);
    case 'last3Months':
      return range(addMonths(today, -3), today);
    case 'thisYear':
      return range(day(year, 0, 1), today);
    case 'lastYear':
      return range(day(year - 1, 0, 1), day(year - 1, 11, 31));
    case 'past7Days':
      return range(addDays(today, -6), today);
    case 'past30Days':
      return range(addDays(today, -29), today);
    case 'past1Year':
      return range(addDays(addMonths(today, -12), 1), today);
    case 'fromBeginning':
      return range(undefined, today);
  }
}

function offset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A day range as the list API's date-time bounds in the user's own time zone, so "today" means the user's
 * today whatever zone the server runs in: `{from: 'YYYY-MM-DDT00:00:00+08:00', to: '...T23:59:59.999999+08:00'}`.
 */
export function toTimestampBounds(range: DateRange): DateRange {
  const bound = (value: string | undefined, time: string) => {
    if (!value) return undefined;
    const [y, m, d] = value.split('-').map(Number);
    return `${value}T${time}${offset(new Date(y, m - 1, d, 12))}`;
  };
  const from = bound(range.from, '00:00:00');
  const to = bound(range.to, '23:59:59.999999');
  return { ...(from && { from }), ...(to && { to }) };
}
