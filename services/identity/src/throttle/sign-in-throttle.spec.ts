import { PER_ACCOUNT, PER_ACCOUNT_AND_ADDRESS, PER_ADDRESS, delayAfter, secondsToWait } from './sign-in-throttle.js';

describe(delayAfter.name, () => {
  it('lets a client guessing one account try three times, then doubles its wait up to 15 minutes', () => {
    const delays = [0, 1, 2, 3, 4, 5, 12, 50].map((failures) => delayAfter(failures, PER_ACCOUNT_AND_ADDRESS));
    expect(delays).toEqual([0, 0, 0, 2, 4, 8, 900, 900]);
  });

  it('slows an account guessed from many clients slowly and never beyond 30 seconds', () => {
    expect([9, 10, 11, 14, 15, 1000].map((failures) => delayAfter(failures, PER_ACCOUNT))).toEqual([
      0, 1, 2, 16, 30, 30,
    ]);
  });

  it('lets one address fail twenty times over many accounts before slowing it', () => {
    expect(delayAfter(19, PER_ADDRESS)).toBe(0);
    expect(delayAfter(20, PER_ADDRESS)).toBe(2);
  });
});

describe(secondsToWait.name, () => {
  const now = new Date('2026-01-01T10:00:00Z');
  const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('waits for the slowest subject, counting from its latest failure', () => {
    expect(
      secondsToWait(
        [
          { failures: 5, latest: secondsAgo(3), policy: PER_ACCOUNT_AND_ADDRESS },
          { failures: 11, latest: secondsAgo(1), policy: PER_ACCOUNT },
        ],
        now,
      ),
    ).toBe(5);
  });

  it('lets the attempt through once every delay has passed', () => {
    expect(secondsToWait([{ failures: 5, latest: secondsAgo(9), policy: PER_ACCOUNT_AND_ADDRESS }], now)).toBe(0);
    expect(secondsToWait([{ failures: 0, latest: null, policy: PER_ACCOUNT }], now)).toBe(0);
  });
});
