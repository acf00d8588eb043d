/**
 * How long something lasted, in the unit it is read in: a position held across days in days, a
 * trade within the day in hours, a short one in minutes. The server measures such durations in
 * hours (`avg_hold_time_hours`, entry to exit on the clock); this is the one way they are shown.
 */
import { NO_FIGURE } from '../components/StatCard';

/** 0.5 -> '30 min', 5.75 -> '5.8 hrs', 24 -> '1.0 day', 342.7 -> '14.3 days'; null -> '--'. */
export function formatDuration(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours)) return NO_FIGURE;
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 24) return `${hours.toFixed(1)} hrs`;
  const days = hours / 24;
  return `${days.toFixed(1)} ${days.toFixed(1) === '1.0' ? 'day' : 'days'}`;
}
