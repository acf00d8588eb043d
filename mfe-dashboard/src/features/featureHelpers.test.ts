import { formatScore, healthBand, healthTone } from './mlHealth/healthBand';
import { formatHoursLeft, tokenBanner, tokenNeedsUpdate, tokenTimeTone } from './brokerToken/tokenState';
import { tokenStatus } from './testing/fixtures';

describe('healthBand', () => {
  it('uses the specification bands: 0.8 Excellent, 0.6 Good, 0.4 Fair, else Needs Attention', () => {
    expect(healthBand(0.83)).toBe('Excellent');
    expect(healthBand(0.8)).toBe('Excellent');
    expect(healthBand(0.79)).toBe('Good');
    expect(healthBand(0.6)).toBe('Good');
    expect(healthBand(0.59)).toBe('Fair');
    expect(healthBand(0.4)).toBe('Fair');
    expect(healthBand(0.39)).toBe('Needs Attention');
    expect(healthBand(0)).toBe('Needs Attention');
  });

  it('colours 0.8+ green, 0.6-0.8 yellow, else red, and shows a fraction as a whole percent', () => {
    expect(healthTone(0.8)).toBe('gain');
    expect(healthTone(0.65)).toBe('warning');
    expect(healthTone(0.59)).toBe('loss');
    expect(formatScore(0.83)).toBe('83%');
    expect(formatScore(0.756)).toBe('76%');
  });
});

describe('broker token helpers', () => {
  it('formats hours left rounded down to the minute', () => {
    expect(formatHoursLeft(5.5)).toBe('5 h 30 min');
    expect(formatHoursLeft(2.9999)).toBe('2 h 59 min');
    expect(formatHoursLeft(3)).toBe('3 h');
    expect(formatHoursLeft(0.75)).toBe('45 min');
    expect(formatHoursLeft(-1)).toBe('0 min');
  });

  it('turns to the warning colour under 3 hours and red once expired', () => {
    expect(tokenTimeTone(tokenStatus('valid', 3))).toBe('gain');
    expect(tokenTimeTone(tokenStatus('valid', 2.99))).toBe('warning');
    expect(tokenTimeTone(tokenStatus('expiring', 0.5))).toBe('warning');
    expect(tokenTimeTone(tokenStatus('expired', -1))).toBe('loss');
    expect(tokenTimeTone(tokenStatus('missing'))).toBeUndefined();
  });

  it('asks for an update when the token is expired, invalid or missing', () => {
    expect(tokenNeedsUpdate('expired')).toBe(true);
    expect(tokenNeedsUpdate('invalid')).toBe(true);
    expect(tokenNeedsUpdate('missing')).toBe(true);
    expect(tokenNeedsUpdate('expiring')).toBe(false);
    expect(tokenNeedsUpdate('valid')).toBe(false);
  });

  it('words the banners as the specification does', () => {
    expect(tokenBanner(tokenStatus('expired', -1))?.title).toBe('Token Expired!');
    expect(tokenBanner(tokenStatus('invalid'))?.title).toBe('Token Invalid!');
    expect(tokenBanner({ ...tokenStatus('expiring', 1.25), expires_at: null })?.description).toBe(
      'Token expires in 1 h 15 min. Update now to avoid data interruption.',
    );
    expect(tokenBanner(tokenStatus('valid', 10))).toBeNull();
    expect(tokenBanner(tokenStatus('missing'))).toBeNull();
  });
});
