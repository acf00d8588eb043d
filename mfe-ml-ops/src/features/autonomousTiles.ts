/** How the autonomous learner's named status values become tiles (specification part 2, ML Intelligence). */
import type { AutonomousLearningStatus } from '@nivesh/api-contract';
import { activeLabel, formatCount, humanizeKey } from './format';

export interface StatusTile {
  key: string;
  label: string;
  value: string;
  /** Set for flags, to colour Active green and Inactive grey. */
  active?: boolean;
}

/** An object is shown inline when it has at most this many plain values. */
const SMALL_OBJECT_MAX_ENTRIES = 4;

type Plain = string | number | boolean | null;

function isPlain(value: unknown): value is Plain {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function plainText(value: Plain): string {
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return formatValue(value);
  return value;
}

function formatValue(value: number): string {
  return Number.isInteger(value)
    ? formatCount(value)
    : value.toLocaleString('en-IN', { maximumFractionDigits: 4 });
}

/**
 * Booleans read Active/Inactive, arrays their count, numbers and strings as they are, small
 * objects (a few plain values) inline as "key: value"; larger or nested objects are skipped.
 */
export function autonomousTiles(status: AutonomousLearningStatus): StatusTile[] {
  const tiles: StatusTile[] = [];
  for (const [key, value] of Object.entries(status)) {
    const label = humanizeKey(key);
    if (typeof value === 'boolean') tiles.push({ key, label, value: activeLabel(value), active: value });
    else if (Array.isArray(value)) tiles.push({ key, label, value: formatCount(value.length) });
    else if (typeof value === 'number') tiles.push({ key, label, value: formatValue(value) });
    else if (typeof value === 'string') tiles.push({ key, label, value });
    else {
      const entries = Object.entries(value);
      if (entries.length > SMALL_OBJECT_MAX_ENTRIES || !entries.every(([, inner]) => isPlain(inner)))
        continue;
      const inline = entries.map(
        ([innerKey, inner]) => `${humanizeKey(innerKey)}: ${plainText(inner as Plain)}`,
      );
      tiles.push({ key, label, value: inline.join(', ') || 'none' });
    }
  }
  return tiles;
}
