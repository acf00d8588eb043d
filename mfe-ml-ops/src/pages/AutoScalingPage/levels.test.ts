import { latencyBand, statusPalette, usageTone } from './levels';

describe('usageTone', () => {
  it('is green up to 60, yellow above 60, red above 85', () => {
    expect(usageTone(0)).toBe('green');
    expect(usageTone(60)).toBe('green');
    expect(usageTone(61)).toBe('yellow');
    expect(usageTone(85)).toBe('yellow');
    expect(usageTone(86)).toBe('red');
    expect(usageTone(100)).toBe('red');
  });
});

describe('latencyBand', () => {
  it('is Excellent under 100 ms, Good under 300 ms, else Needs attention', () => {
    expect(latencyBand(99)).toBe('Excellent');
    expect(latencyBand(100)).toBe('Good');
    expect(latencyBand(299)).toBe('Good');
    expect(latencyBand(300)).toBe('Needs attention');
  });
});

describe('statusPalette', () => {
  it('colours active and running green, closed grey, the rest yellow', () => {
    expect(statusPalette('active')).toBe('green');
    expect(statusPalette('running')).toBe('green');
    expect(statusPalette('OPEN')).toBe('green');
    expect(statusPalette('closed')).toBe('gray');
    expect(statusPalette('CLOSED')).toBe('gray');
    expect(statusPalette('degraded')).toBe('yellow');
    expect(statusPalette('pending')).toBe('yellow');
  });
});
