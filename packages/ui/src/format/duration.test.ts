import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('shows a position held across days in days, not hundreds of hours', () => {
    expect(formatDuration(342.7)).toBe('14.3 days');
    expect(formatDuration(24)).toBe('1.0 day');
    expect(formatDuration(48)).toBe('2.0 days');
  });

  it('shows a trade within the day in hours, and a short one in minutes', () => {
    expect(formatDuration(5.75)).toBe('5.8 hrs');
    expect(formatDuration(0.5)).toBe('30 min');
  });

  it('shows -- when there is nothing to measure', () => {
    expect(formatDuration(null)).toBe('--');
  });
});
