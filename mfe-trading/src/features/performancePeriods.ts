import type { PerformancePeriod } from '@nivesh/api-contract';

/** The period buttons, in order (specification part 2, section 2). */
export const PERIOD_LABELS: Record<PerformancePeriod, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  all: 'All Time',
};

export const PERFORMANCE_PERIODS = Object.keys(PERIOD_LABELS) as PerformancePeriod[];
