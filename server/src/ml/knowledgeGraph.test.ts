/**
 * The knowledge graph's figures on tiny markets counted by hand. Closes are built from chosen log
 * returns (close = 100 × e^(Σ 0.01 r)), so the correlations are known: an alternating ±1 pattern
 * and a [+1, +1, −1, −1] pattern have mean 0, equal variance and no correlation; y = a + k·b has a
 * correlation of 1 / √(1 + k²) with a.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { knowledgeGraphStatus, type KnowledgeGraphInput } from './knowledgeGraph.js';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-24T10:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

/** +1, −1, +1, −1 … */
const alternating = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 1 : -1));
/** +1, +1, −1, −1 … */
const paired = (n: number) => Array.from({ length: n }, (_, i) => (i % 4 < 2 ? 1 : -1));

/** Closes whose daily log returns are 0.01 × `returns`. */
function closesOf(returns: readonly number[]): number[] {
  const closes = [100];
  for (const r of returns) closes.push(closes[closes.length - 1]! * Math.exp(0.01 * r));
  return closes;
}

const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

describe('knowledge graph', () => {
  it('counts the nodes, relationships, active concepts and depth of a small market', () => {
    const input: KnowledgeGraphInput = {
      instruments: [
        { symbol: 'A', sector: 'Tech', indices: ['NIFTY 50'] },
        { symbol: 'B', sector: 'Tech', indices: ['NIFTY 50', 'SENSEX'] },
        { symbol: 'C', sector: 'Bank', indices: ['NIFTY 50', 'Bank NIFTY'] },
        { symbol: 'D', sector: 'Bank', indices: [] },
      ],
      closesBySymbol: {
        // B moves twice as far as A every day: correlation 1. C's pattern is uncorrelated with
        // both. D has 10 closes: too few returns to measure.
        A: closesOf(alternating(60)),
        B: closesOf(alternating(60).map((r) => 2 * r)),
        C: closesOf(paired(60)),
        D: closesOf(alternating(9)),
      },
      decisions: [
        { symbol: 'A', strategy: 'trend_following', decidedAt: daysAgo(40) },
        { symbol: 'A', strategy: 'trend_following', decidedAt: daysAgo(5) },
        { symbol: 'C', strategy: 'mean_reversion', decidedAt: daysAgo(40) },
        // Not a node: left out.
        { symbol: 'ZZZ', strategy: 'breakout', decidedAt: daysAgo(1) },
        { symbol: 'B', strategy: 'astrology', decidedAt: daysAgo(1) },
      ],
      headlines: [
        { symbols: ['A'], themes: ['earnings', 'IT'], fetchedAt: daysAgo(1) },
        { symbols: ['C'], themes: ['banking'], fetchedAt: daysAgo(45) },
        { symbols: [], themes: ['rates'], fetchedAt: daysAgo(1) },
      ],
      now,
    };
    const status = knowledgeGraphStatus(input);
    // Nodes: 4 instruments, 2 sectors, 3 indices, 3 strategies, 4 themes = 16.
    assert.equal(status.total_nodes, 16);
    // Edges: 4 sector, 5 index (A, B ×2, C ×2), 1 correlation (A–B), 2 strategy (A–trend
    // following twice is one edge, C–mean reversion), 3 theme (A–earnings, A–IT, C–banking) = 15.
    assert.equal(status.total_relationships, 15);
    // Active edges (activity since 25 October): A–trend following (5 days ago), A–earnings and
    // A–IT (yesterday): A, trend following, earnings, IT. C's decision and headline are older;
    // "rates" has no edge.
    assert.equal(status.active_concepts, 4);
    // Kinds within two hops: A reaches Tech, NIFTY 50, B, trend following, earnings: 5/5. B
    // reaches Tech, the indices, A and, through A, its strategy and themes: 5/5. C reaches Bank,
    // its indices, mean reversion, banking, and D through Bank: 5/5. D reaches Bank and C: 2/5.
    // Mean (1 + 1 + 1 + 0.4) / 4 = 0.85.
    close(status.knowledge_depth, 0.85);
  });

  it('links instruments at an absolute correlation of 0.6 over the last 60 returns', () => {
    const a = alternating(100);
    const b = paired(100);
    const instruments = ['X', 'Y', 'Z', 'W', 'V'].map((symbol) => ({
      symbol,
      sector: 'S',
      indices: [],
    }));
    const status = knowledgeGraphStatus({
      instruments,
      closesBySymbol: {
        X: closesOf(a),
        // The last 60 returns are X's; the 40 before them the opposite: measured on the last 60
        // only, the correlation is 1 (over all 100 it would be 0.2).
        Y: closesOf(a.map((r, i) => (i < 40 ? -r : r))),
        // a + b: 1/√2 ≈ 0.71 with X and Y.
        Z: closesOf(a.map((r, i) => r + b[i]!)),
        // −(a + 2b): −1/√5 ≈ −0.45 with X and Y; with Z, −(1 + 2)/√(2 × 5) ≈ −0.95.
        W: closesOf(a.map((r, i) => -(r + 2 * b[i]!))),
        // A close that is not a positive number in the window: no correlations.
        V: [...closesOf(a).slice(0, -1), 0],
      },
      decisions: [],
      headlines: [],
      now,
    });
    // Nodes: 5 instruments, 1 sector, 3 strategies = 9. Edges: 5 sector, and X–Y, X–Z, Y–Z, Z–W.
    assert.equal(status.total_nodes, 9);
    assert.equal(status.total_relationships, 9);
    assert.equal(status.active_concepts, 0);
    // Every instrument reaches the sector and the other instruments only: 2/5.
    close(status.knowledge_depth, 0.4);
  });

  it('is strategies alone, with no depth, without instruments', () => {
    assert.deepEqual(
      knowledgeGraphStatus({ instruments: [], closesBySymbol: {}, decisions: [], headlines: [], now }),
      { total_nodes: 3, total_relationships: 0, active_concepts: 0, knowledge_depth: 0 },
    );
  });
});
