import {
  addMonths,
  formatDay,
  monthGrid,
  normalizeDayText,
  parseDay,
  withinBounds,
} from '../../web/src/components/ui/calendar-days.js';

describe('the kit date input (YYYY-MM-DD in every language)', () => {
  it('accepts a real day written YYYY-MM-DD and nothing else', () => {
    expect(parseDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const text of ['2023-02-29', '2024-13-01', '2024-04-31', '05/03/2024', '2024-3-5', '', ' 2024-03-05']) {
      expect(parseDay(text)).toBeUndefined();
    }
  });

  it('turns common typed forms into YYYY-MM-DD when the field is left, and leaves the rest for validation', () => {
    expect(normalizeDayText('2024-3-5')).toBe('2024-03-05');
    expect(normalizeDayText('2024/03/05')).toBe('2024-03-05');
    expect(normalizeDayText(' 2024.3.5 ')).toBe('2024-03-05');
    expect(normalizeDayText('20240305')).toBe('2024-03-05');
    expect(normalizeDayText('03/05/2024')).toBe('03/05/2024');
    expect(normalizeDayText('2023/2/29')).toBe('2023/2/29');
  });

  it('shows six Monday-first weeks around the month and clamps month steps to the last day', () => {
    const weeks = monthGrid(2024, 3);
    expect(weeks).toHaveLength(6);
    expect(formatDay(weeks[0][0])).toBe('2024-02-26');
    expect(formatDay(weeks[5][6])).toBe('2024-04-07');
    expect(formatDay(addMonths({ year: 2024, month: 1, day: 31 }, 1))).toBe('2024-02-29');
    expect(formatDay(addMonths({ year: 2024, month: 3, day: 15 }, -12))).toBe('2023-03-15');
    expect(formatDay({ year: 33, month: 7, day: 4 })).toBe('0033-07-04');
  });

  it('offers only the days within the inclusive bounds', () => {
    const day = { year: 2024, month: 3, day: 5 };
    expect(withinBounds(day, '2024-03-05', '2024-03-05')).toBe(true);
    expect(withinBounds(day, '2024-03-06')).toBe(false);
    expect(withinBounds(day, undefined, '2024-03-04')).toBe(false);
  });
});
