/**
 * Statistics of closed trades, after costs (docs/DOMAIN.md): a trade wins when its net P&L is above
 * zero and loses when below; a break-even trade counts as closed but as neither.
 */
export interface ClosedTrade {
  /** Net P&L after every charge of entry and exit, rupees. */
  netPnl: number;
  openedAt: Date;
  closedAt: Date;
}

export interface TradeStats {
  closed: number;
  winners: number;
  losers: number;
  /** Fraction of closed trades that won; null without closed trades. */
  winRate: number | null;
  /** Sum of winning trades' P&L. */
  grossProfit: number;
  /** Sum of losing trades' P&L (<= 0). */
  grossLoss: number;
  /** Gross profit / |gross loss|; null without a losing trade. */
  profitFactor: number | null;
  averageWin: number | null;
  /** Mean P&L of losing trades (< 0). */
  averageLoss: number | null;
  /** win rate * average win - loss rate * |average loss|; null without closed trades. */
  expectancy: number | null;
  largestWin: number | null;
  largestLoss: number | null;
  /** Mean time from entry to exit, hours. */
  averageHoldHours: number | null;
}

export function tradeStats(trades: readonly ClosedTrade[]): TradeStats {
  const wins = trades.filter((t) => t.netPnl > 0).map((t) => t.netPnl);
  const losses = trades.filter((t) => t.netPnl < 0).map((t) => t.netPnl);
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const grossProfit = sum(wins);
  const grossLoss = sum(losses);
  const n = trades.length;
  const averageWin = wins.length ? grossProfit / wins.length : null;
  const averageLoss = losses.length ? grossLoss / losses.length : null;
  const winRate = n ? wins.length / n : null;
  const expectancy =
    n === 0 ? null : (wins.length / n) * (averageWin ?? 0) - (losses.length / n) * Math.abs(averageLoss ?? 0);
  const pnls = trades.map((t) => t.netPnl);
  return {
    closed: n,
    winners: wins.length,
    losers: losses.length,
    winRate,
    grossProfit,
    grossLoss,
    profitFactor: losses.length ? grossProfit / Math.abs(grossLoss) : null,
    averageWin,
    averageLoss,
    expectancy,
    largestWin: n ? Math.max(...pnls) : null,
    largestLoss: n ? Math.min(...pnls) : null,
    averageHoldHours: n
      ? sum(trades.map((t) => t.closedAt.getTime() - t.openedAt.getTime())) / n / 3_600_000
      : null,
  };
}
