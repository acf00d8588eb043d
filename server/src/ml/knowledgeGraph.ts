/**
 * The knowledge graph, pure: what the system knows about the market, as an undirected graph built
 * from plain data (the caller reads it from the instrument master and the database), and the
 * figures of the ML Intelligence page's Knowledge Graph card (KnowledgeGraphStatus).
 *
 * Nodes, of five kinds:
 * - instrument: each instrument given (the NIFTY 50 universe, say);
 * - sector: each sector those instruments are in;
 * - index: each index an instrument is a member of (the instrument master lists the constituents
 *   of NIFTY 50, SENSEX and Bank NIFTY);
 * - strategy: each strategy of research/strategies.ts (STRATEGY_IDS), whether or not it decided;
 * - theme: each news theme the headlines given carry.
 *
 * Edges (at most one between two nodes):
 * - instrument–sector and instrument–index: membership;
 * - instrument–instrument: the absolute Pearson correlation of their daily log returns over the
 *   last CORRELATION_DAYS (60) trading days is at least CORRELATION_EDGE (0.6). The closes of
 *   every series end on the same trading day; a pair is compared on the closes both have at the
 *   end (at most 61, so 60 returns) and needs MIN_CORRELATION_RETURNS (20) returns; a series with
 *   a close that is not a positive number in that window, or one that never moved, has none;
 * - instrument–strategy: the decision log has a decision of that strategy on that instrument;
 * - instrument–theme: a headline tags the instrument and carries the theme.
 * Decisions and headlines naming an instrument or a strategy that is not a node are left out.
 *
 * The status:
 * - total_nodes, total_relationships: the counts of nodes and edges;
 * - active_concepts: the nodes at either end of an active edge. An edge is active when it comes
 *   from activity (a decision or a headline: instrument–strategy and instrument–theme edges) and
 *   the newest decision or headline behind it is from the last ACTIVE_DAYS (30) days: its
 *   decidedAt or fetchedAt is at or after now − 30 × 24 hours. Membership and correlation edges
 *   are never active;
 * - knowledge_depth: for each instrument node, the share of the five node kinds among the nodes
 *   it reaches within two hops (itself left out); the mean over the instrument nodes, 0 without
 *   any. An instrument with only its sector and the sector's other stocks scores 2/5; one that
 *   also sits in an index, has decided strategies and news themes near it scores 1.
 */
import { UndirectedGraph } from 'graphology';
import type { Attributes } from 'graphology-types';
import { sampleCorrelation } from 'simple-statistics';
import type { KnowledgeGraphStatus } from '@nivesh/api-contract';
import { STRATEGY_IDS } from '../research/strategies.js';

type NodeKind = 'instrument' | 'sector' | 'index' | 'strategy' | 'theme';
type EdgeKind = 'sector' | 'index' | 'correlation' | 'strategy' | 'theme';

const NODE_KINDS = 5;
/** Trading days of returns the correlation is measured over. */
const CORRELATION_DAYS = 60;
/** Two instruments whose returns' absolute correlation is at least this are linked. */
const CORRELATION_EDGE = 0.6;
/** Fewest returns a correlation is measured on. */
const MIN_CORRELATION_RETURNS = 20;
/** Activity within this many days makes a concept active. */
const ACTIVE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface KnowledgeGraphInput {
  instruments: readonly { symbol: string; sector: string; indices: readonly string[] }[];
  /** Daily closes, oldest first, every series ending on the same trading day. */
  closesBySymbol: Readonly<Record<string, readonly number[]>>;
  /** The decision log; `strategy` is a strategy id ('trend_following'). */
  decisions: readonly { symbol: string; strategy: string; decidedAt: Date }[];
  headlines: readonly { symbols: readonly string[]; themes: readonly string[]; fetchedAt: Date }[];
  now: Date;
}

interface NodeAttributes extends Attributes {
  kind: NodeKind;
}

interface EdgeAttributes extends Attributes {
  kind: EdgeKind;
  /** Newest decision or headline behind the edge; null for membership and correlation. */
  lastActivity: Date | null;
}

type Graph = UndirectedGraph<NodeAttributes, EdgeAttributes>;

const nodeId = (kind: NodeKind, name: string) => `${kind}:${name}`;

/** Daily log returns of the last `days` + 1 closes; null when a close there is not positive. */
function logReturns(closes: readonly number[], days: number): number[] | null {
  const window = closes.slice(-(days + 1));
  if (window.some((close) => !Number.isFinite(close) || close <= 0)) return null;
  return window.slice(1).map((close, i) => Math.log(close / window[i]!));
}

/** Pearson correlation of the two series' returns on their common last days; null when unmeasurable. */
function returnCorrelation(a: readonly number[], b: readonly number[]): number | null {
  const days = Math.min(a.length, b.length, CORRELATION_DAYS);
  if (days < MIN_CORRELATION_RETURNS) return null;
  const correlation = sampleCorrelation(a.slice(-days), b.slice(-days));
  return Number.isFinite(correlation) ? correlation : null;
}

function addNode(graph: Graph, kind: NodeKind, name: string): string {
  const id = nodeId(kind, name);
  graph.mergeNode(id, { kind });
  return id;
}

/** Adds the edge, or moves its last activity forward if it is there already. */
function link(graph: Graph, a: string, b: string, kind: EdgeKind, at: Date | null): void {
  if (!graph.hasEdge(a, b)) {
    graph.addEdge(a, b, { kind, lastActivity: at });
    return;
  }
  if (at === null) return;
  graph.updateEdgeAttributes(a, b, (attributes) => ({
    ...attributes,
    lastActivity:
      attributes.lastActivity === null || attributes.lastActivity < at ? at : attributes.lastActivity,
  }));
}

function buildGraph(input: KnowledgeGraphInput): Graph {
  const graph: Graph = new UndirectedGraph<NodeAttributes, EdgeAttributes>();
  const instruments = new Map<string, string>();
  for (const { symbol, sector, indices } of input.instruments) {
    const id = addNode(graph, 'instrument', symbol);
    instruments.set(symbol, id);
    link(graph, id, addNode(graph, 'sector', sector), 'sector', null);
    for (const index of indices) link(graph, id, addNode(graph, 'index', index), 'index', null);
  }

  const returns = [...instruments.keys()].flatMap((symbol) => {
    const closes = input.closesBySymbol[symbol];
    const series = closes ? logReturns(closes, CORRELATION_DAYS) : null;
    return series ? [{ symbol, series }] : [];
  });
  for (let i = 0; i < returns.length; i += 1) {
    for (let j = i + 1; j < returns.length; j += 1) {
      const correlation = returnCorrelation(returns[i]!.series, returns[j]!.series);
      if (correlation === null || Math.abs(correlation) < CORRELATION_EDGE) continue;
      link(
        graph,
        instruments.get(returns[i]!.symbol)!,
        instruments.get(returns[j]!.symbol)!,
        'correlation',
        null,
      );
    }
  }

  const strategies = new Set<string>(STRATEGY_IDS);
  for (const strategy of strategies) addNode(graph, 'strategy', strategy);
  for (const { symbol, strategy, decidedAt } of input.decisions) {
    const instrument = instruments.get(symbol);
    if (instrument === undefined || !strategies.has(strategy)) continue;
    link(graph, instrument, nodeId('strategy', strategy), 'strategy', decidedAt);
  }

  for (const { symbols, themes, fetchedAt } of input.headlines) {
    for (const theme of themes) {
      const themeNode = addNode(graph, 'theme', theme);
      for (const symbol of symbols) {
        const instrument = instruments.get(symbol);
        if (instrument !== undefined) link(graph, instrument, themeNode, 'theme', fetchedAt);
      }
    }
  }
  return graph;
}

/** The share of the node kinds among the nodes within two hops of `node`, itself left out. */
function reach(graph: Graph, node: string): number {
  const kinds = new Set<NodeKind>();
  graph.forEachNeighbor(node, (neighbour, attributes) => {
    kinds.add(attributes.kind);
    graph.forEachNeighbor(neighbour, (second, secondAttributes) => {
      if (second !== node) kinds.add(secondAttributes.kind);
    });
  });
  return kinds.size / NODE_KINDS;
}

/** The Knowledge Graph card's figures, under the rules at the top of this file. */
export function knowledgeGraphStatus(input: KnowledgeGraphInput): KnowledgeGraphStatus {
  const graph = buildGraph(input);
  const since = input.now.getTime() - ACTIVE_DAYS * DAY_MS;
  const active = new Set<string>();
  graph.forEachEdge((_edge, attributes, source, target) => {
    const at = attributes.lastActivity?.getTime();
    if (at === undefined || at < since) return;
    active.add(source);
    active.add(target);
  });
  const instruments = graph.filterNodes((_node, attributes) => attributes.kind === 'instrument');
  const depth =
    instruments.length === 0
      ? 0
      : instruments.reduce((sum, node) => sum + reach(graph, node), 0) / instruments.length;
  return {
    total_nodes: graph.order,
    total_relationships: graph.size,
    active_concepts: active.size,
    knowledge_depth: depth,
  };
}
