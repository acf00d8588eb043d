/**
 * Pure helpers for the risk figures: formatting in the specification's units, the risk
 * distribution and stress rows derived from server data, and the ML risk colour bands.
 */
import {
  ML_RISK_SCORE_BANDS,
  STRESS_TEST_DROPS,
  type RiskLevel,
  type RiskMetrics,
  type RiskPosition,
} from '@nivesh/api-contract';
import { formatPercent, formatRupees } from '@nivesh/ui';

/**
 * VaR to the nearest thousand rupees, no decimals (part 2, section 9), written in full with Indian
 * grouping like every other rupee figure (no "K"): 12,345 -> '₹12,000'.
 */
export function formatVarThousands(rupees: number): string {
  return formatRupees(Math.round(rupees / 1000) * 1000);
}

/** A fraction shown as a percent: -0.0523 -> '-5.23%', 0.18 -> '18.00%'. */
export function formatFractionPercent(fraction: number, decimals = 2): string {
  return formatPercent(fraction * 100, { decimals, sign: false });
}

const shareFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** A share in percent with at most one decimal: 50 -> '50%', 33.333 -> '33.3%'. */
export function formatShare(percent: number): string {
  return `${shareFormat.format(percent)}%`;
}

/** A ratio (Sharpe, beta, win/loss) to two decimals. */
export function formatRatio(value: number): string {
  return value.toFixed(2);
}

const RISK_LEVELS: readonly RiskLevel[] = ['low', 'medium', 'high'];
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const RISK_LEVEL_PALETTE: Record<RiskLevel, 'green' | 'yellow' | 'red'> = {
  low: 'green',
  medium: 'yellow',
  high: 'red',
};

export interface RiskShare {
  level: RiskLevel;
  count: number;
  /** Share of the open positions, percent. */
  percent: number;
  /** Their exposure, rupees. */
  exposure: number;
}

/** Low / medium / high shares of the open positions (by count), with their exposure. */
export function riskDistribution(positions: readonly RiskPosition[]): RiskShare[] {
  const total = positions.length;
  return RISK_LEVELS.map((level) => {
    const matching = positions.filter((position) => position.risk_level === level);
    return {
      level,
      count: matching.length,
      percent: total === 0 ? 0 : (matching.length / total) * 100,
      exposure: matching.reduce((sum, position) => sum + position.position_value, 0),
    };
  });
}

/** What a position without a sector in the instrument list is counted under. */
const UNCLASSIFIED_SECTOR = 'Unclassified';

export interface SectorShare {
  sector: string;
  /** Positions held in it. */
  count: number;
  /** Their gross exposure (a short counts by its size), rupees. */
  exposure: number;
  /** Share of the gross exposure of all open positions, percent. */
  percent: number;
}

/** Exposure by sector, largest first (ties by name): where the money in open positions sits. */
export function sectorExposure(positions: readonly RiskPosition[]): SectorShare[] {
  const bySector = new Map<string, { count: number; exposure: number }>();
  for (const position of positions) {
    const sector = position.sector ?? UNCLASSIFIED_SECTOR;
    const entry = bySector.get(sector) ?? { count: 0, exposure: 0 };
    entry.count += 1;
    entry.exposure += Math.abs(position.position_value);
    bySector.set(sector, entry);
  }
  const total = [...bySector.values()].reduce((sum, entry) => sum + entry.exposure, 0);
  return [...bySector]
    .map(([sector, entry]) => ({
      sector,
      count: entry.count,
      exposure: entry.exposure,
      percent: total === 0 ? 0 : (entry.exposure / total) * 100,
    }))
    .sort((a, b) => b.exposure - a.exposure || a.sector.localeCompare(b.sector));
}

export interface StressRow {
  /** Market drop, fraction (0.1 = 10%). */
  drop: number;
  /** Portfolio value after the drop, rupees. */
  value: number;
  /** Change from today's value, rupees (negative is a loss). */
  change: number;
  /** Change as a percent of today's value. */
  changePercent: number | null;
}

/** The three stress scenarios with the loss each implies against today's portfolio value. */
export function stressRows(metrics: Pick<RiskMetrics, 'portfolio_value' | 'stress_test'>): StressRow[] {
  const values = [
    metrics.stress_test.scenario_1,
    metrics.stress_test.scenario_2,
    metrics.stress_test.scenario_3,
  ];
  return STRESS_TEST_DROPS.map((drop, index) => {
    const value = values[index] ?? 0;
    const change = value - metrics.portfolio_value;
    return {
      drop,
      value,
      change,
      changePercent: metrics.portfolio_value === 0 ? null : (change / metrics.portfolio_value) * 100,
    };
  });
}

export type Tone = 'green' | 'yellow' | 'red';

/** Colour of an ML risk score: under 0.3 green, under 0.7 yellow, else red (part 2, section 9). */
export function mlRiskTone(score: number): Tone {
  if (score < ML_RISK_SCORE_BANDS.low) return 'green';
  if (score < ML_RISK_SCORE_BANDS.high) return 'yellow';
  return 'red';
}

/** The 'ML Risk Assessment' label is green only under 0.3, otherwise a warning colour. */
export function mlAssessmentTone(score: number): Tone {
  return score < ML_RISK_SCORE_BANDS.low ? 'green' : 'yellow';
}

/** Words for the score's band, so colour is never the only cue. */
export function mlRiskLabel(score: number): string {
  return { green: 'Low risk', yellow: 'Moderate risk', red: 'High risk' }[mlRiskTone(score)];
}
