import { cpuReading, latencyBand, statusPalette, usageTone } from './levels';

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

describe('cpuReading', () => {
  it("keeps the bands for this server's own load, and says so", () => {
    expect(cpuReading(40, 35)).toEqual({
      tone: 'green',
      note: "Whole machine, every core, mean of the last minute. This server's process: 35.0% (last 5 seconds); other programs: 5.0%.",
    });
    // 90% busy, 45% of it this server's: its own load, red.
    expect(cpuReading(90, 45).tone).toBe('red');
    expect(cpuReading(70, 40).tone).toBe('yellow');
  });

  it('is a warning at most when other programs use most of a busy machine', () => {
    const busy = cpuReading(99.9, 0.3);
    expect(busy.tone).toBe('yellow');
    expect(busy.note).toMatch(
      /other programs: 99\.6%\. The machine is busy with other programs, not this server/,
    );
    expect(cpuReading(61, 10).tone).toBe('yellow');
  });
});
