import { fractionPercent, humanizeKey } from './format';
import { scoreTone } from './score';

describe('scoreTone', () => {
  it('is good from 0.8, fair from 0.6 to under 0.8, poor below 0.6', () => {
    expect(scoreTone(1)).toBe('good');
    expect(scoreTone(0.8)).toBe('good');
    expect(scoreTone(0.7999)).toBe('fair');
    expect(scoreTone(0.6)).toBe('fair');
    expect(scoreTone(0.5999)).toBe('poor');
    expect(scoreTone(0)).toBe('poor');
  });
});

describe('formatting', () => {
  it('shows fractions as percentages with one decimal', () => {
    expect(fractionPercent(0.8234)).toBe('82.3%');
    expect(fractionPercent(0)).toBe('0.0%');
    expect(fractionPercent(1)).toBe('100.0%');
  });

  it('turns keys into labels', () => {
    expect(humanizeKey('learning_health')).toBe('Learning Health');
    expect(humanizeKey('learningHealth')).toBe('Learning Health');
  });
});
