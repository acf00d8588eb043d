import { autonomousTiles } from './autonomousTiles';

describe('autonomousTiles', () => {
  it('shows flags as Active/Inactive, arrays as counts, numbers and strings as they are', () => {
    expect(
      autonomousTiles({
        enabled: true,
        paused: false,
        hypotheses: ['a', 'b'],
        cycles: 12500,
        rate: 0.01234567,
        focus: 'NIFTY',
      }),
    ).toEqual([
      { key: 'enabled', label: 'Enabled', value: 'Active', active: true },
      { key: 'paused', label: 'Paused', value: 'Inactive', active: false },
      { key: 'hypotheses', label: 'Hypotheses', value: '2' },
      { key: 'cycles', label: 'Cycles', value: '12,500' },
      { key: 'rate', label: 'Rate', value: '0.0123' },
      { key: 'focus', label: 'Focus', value: 'NIFTY' },
    ]);
  });

  it('shows small objects inline and skips large or nested ones', () => {
    expect(
      autonomousTiles({
        last_cycle: { duration_s: 42, improved: true, note: null },
        four: { a: 1, b: 2, c: 3, d: 4 },
        five: { a: 1, b: 2, c: 3, d: 4, e: 5 },
        nested: { inner: { deep: 1 } },
      }),
    ).toEqual([
      { key: 'last_cycle', label: 'Last Cycle', value: 'Duration S: 42, Improved: yes, Note: none' },
      { key: 'four', label: 'Four', value: 'A: 1, B: 2, C: 3, D: 4' },
    ]);
  });
});
