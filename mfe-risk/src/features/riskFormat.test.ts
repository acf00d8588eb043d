import type { RiskPosition } from '@nivesh/api-contract';
import {
  formatFractionPercent,
  formatShare,
  formatVarThousands,
  mlAssessmentTone,
  mlRiskLabel,
  mlRiskTone,
  riskDistribution,
  sectorExposure,
  stressRows,
} from './riskFormat';
import { queryView, type QueryResultLike } from '@nivesh/api-client';
import { connectionOf, failuresOf } from './useRiskData';

const at = (risk_level: RiskPosition['risk_level'], position_value: number) =>
  ({ risk_level, position_value }) as RiskPosition;

describe('risk formatting', () => {
  it('shows VaR in whole thousands of rupees', () => {
    expect(formatVarThousands(12_345.67)).toBe('₹12,000');
    expect(formatVarThousands(12_500)).toBe('₹13,000');
    expect(formatVarThousands(1_234_000)).toBe('₹12,34,000');
    expect(formatVarThousands(0)).toBe('₹0');
  });

  it('shows fractions as percents', () => {
    expect(formatFractionPercent(-0.0523)).toBe('-5.23%');
    expect(formatFractionPercent(0)).toBe('0.00%');
    expect(formatFractionPercent(0.45, 0)).toBe('45%');
  });

  it('computes the risk distribution by count with exposure', () => {
    const shares = riskDistribution([at('low', 100), at('medium', 50), at('high', 25)]);
    expect(shares.map((share) => formatShare(share.percent))).toEqual(['33.3%', '33.3%', '33.3%']);
    expect(shares.map((share) => share.exposure)).toEqual([100, 50, 25]);
    expect(riskDistribution([]).map((share) => share.percent)).toEqual([0, 0, 0]);
  });

  it('derives the stress loss from the server’s scenario values', () => {
    const rows = stressRows({
      portfolio_value: 200_000,
      stress_test: { scenario_1: 185_000, scenario_2: 170_000, scenario_3: 155_000 },
    });
    expect(rows).toEqual([
      { drop: 0.1, value: 185_000, change: -15_000, changePercent: -7.5 },
      { drop: 0.2, value: 170_000, change: -30_000, changePercent: -15 },
      { drop: 0.3, value: 155_000, change: -45_000, changePercent: -22.5 },
    ]);
  });

  it('sums exposure by sector, a short by its size, an unknown sector as Unclassified', () => {
    const held = (sector: string | null, position_value: number) =>
      ({ sector, position_value }) as RiskPosition;
    // ₹1,00,000 held: IT ₹60,000 (one short of ₹20,000), Energy ₹30,000, no sector ₹10,000.
    expect(
      sectorExposure([held('IT', 40_000), held('Energy', 30_000), held('IT', -20_000), held(null, 10_000)]),
    ).toEqual([
      { sector: 'IT', count: 2, exposure: 60_000, percent: 60 },
      { sector: 'Energy', count: 1, exposure: 30_000, percent: 30 },
      { sector: 'Unclassified', count: 1, exposure: 10_000, percent: 10 },
    ]);
    expect(sectorExposure([])).toEqual([]);
  });

  it('bands the ML risk score at 0.3 and 0.7', () => {
    expect([0, 0.29, 0.3, 0.69, 0.7, 1].map(mlRiskTone)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
    expect([0.29, 0.3, 0.7].map(mlAssessmentTone)).toEqual(['green', 'yellow', 'yellow']);
    expect([0.1, 0.5, 0.9].map(mlRiskLabel)).toEqual(['Low risk', 'Moderate risk', 'High risk']);
  });
});

describe('risk connection state', () => {
  const view = (query: QueryResultLike<unknown>) => queryView(query, 'No answer.');
  const notConnected = { status: 503, data: { message: 'Not connected.' } };

  it('is connecting while a first answer or a retry after a failure is on its way', () => {
    expect(connectionOf([view({ isFetching: true })])).toBe('connecting');
    expect(connectionOf([view({ isFetching: true, error: notConnected })])).toBe('connecting');
  });

  it('stays connected while a successful poll refreshes', () => {
    expect(connectionOf([view({ currentData: {}, isFetching: true })])).toBe('connected');
  });

  it('is disconnected when any call failed, and names that call', () => {
    const views = { metrics: view({ currentData: {} }), positions: view({ error: notConnected }) };
    expect(connectionOf(Object.values(views))).toBe('disconnected');
    expect(failuresOf(views)).toEqual([
      { call: 'positions', text: 'Position risk could not be loaded.', detail: 'Not connected.' },
    ]);
  });

  it('is disconnected, and names the call, when kept figures could not be refreshed', () => {
    const views = { metrics: view({ currentData: {}, fulfilledTimeStamp: 2_000, error: notConnected }) };
    expect(views.metrics.state).toBe('stale');
    expect(connectionOf(Object.values(views))).toBe('disconnected');
    expect(failuresOf(views).map((failure) => failure.call)).toEqual(['metrics']);
  });
});
