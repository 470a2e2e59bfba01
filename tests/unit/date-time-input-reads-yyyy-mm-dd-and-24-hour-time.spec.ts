import { isLocalDateTime, localDateTimeNow, normalizeTimeText } from '../../web/src/components/ui/calendar-days.js';

describe('the kit date-time input (YYYY-MM-DD and 24-hour HH:mm in every language)', () => {
  it('accepts a real day and a 24-hour time to the minute, and nothing else', () => {
    expect(isLocalDateTime('2026-11-26T09:05')).toBe(true);
    expect(isLocalDateTime('2024-02-29T23:59')).toBe(true);
    for (const text of [
      '2023-02-29T10:00',
      '2026-11-26T24:00',
      '2026-11-26T09:60',
      '2026-11-26T9:05',
      '2026-11-26',
      '2026-11-26T',
      'T09:05',
      '11/26/2026, 09:05 AM',
      '',
    ]) {
      expect(isLocalDateTime(text)).toBe(false);
    }
  });

  it('turns common typed times into HH:mm when the field is left, and leaves the rest for validation', () => {
    expect(normalizeTimeText('930')).toBe('09:30');
    expect(normalizeTimeText('9:30')).toBe('09:30');
    expect(normalizeTimeText(' 0930 ')).toBe('09:30');
    expect(normalizeTimeText('21.05')).toBe('21:05');
    expect(normalizeTimeText('2460')).toBe('2460');
    expect(normalizeTimeText('9:3')).toBe('9:3');
    expect(normalizeTimeText('9 pm')).toBe('9 pm');
  });

  it('gives now as the local date and time to the minute', () => {
    expect(localDateTimeNow(new Date(2026, 0, 2, 3, 4, 59))).toBe('2026-01-02T03:04');
    expect(isLocalDateTime(localDateTimeNow())).toBe(true);
  });
});
