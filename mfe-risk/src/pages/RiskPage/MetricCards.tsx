/** The six risk metric cards (part 2, section 2). A missing statistic shows '--', never a guess. */
import { SimpleGrid } from '@nivesh/ui/chakra';
import { RISK_WINDOW_DAYS, type RiskMetrics } from '@nivesh/api-contract';
import { countOf, formatPercent, StatCard } from '@nivesh/ui';
import { formatFractionPercent, formatRatio, formatVarThousands } from '../../features/riskFormat';

const NOT_ENOUGH_HISTORY = 'Not enough history yet';
const DAYS = { one: 'day', many: 'days' } as const;

function drawdownTone(value: number | null | undefined) {
  return value !== null && value !== undefined && value < 0 ? 'loss' : 'neutral';
}

export function MetricCards({ metrics, loading }: { metrics: RiskMetrics | undefined; loading: boolean }) {
  const known = <T,>(pick: (m: RiskMetrics) => T | null): T | undefined => {
    if (!metrics) return undefined;
    return pick(metrics) ?? undefined;
  };
  const missing = (value: unknown, help: string) =>
    metrics && value === undefined ? NOT_ENOUGH_HISTORY : help;

  const currentDrawdown = known((m) => m.current_drawdown);
  const maxDrawdown = known((m) => m.max_drawdown);
  const sharpe = known((m) => m.sharpe_ratio);
  const valueAtRisk = known((m) => m.var_95);
  const beta = known((m) => m.beta);
  const winLoss = known((m) => m.win_loss_ratio);
  const portfolioReturn = known((m) => m.portfolio_return);
  const windowDays = metrics?.window_days ?? RISK_WINDOW_DAYS;

  const trades = metrics ? `${metrics.winning_trades} won / ${metrics.losing_trades} lost` : undefined;
  const winLossHelp =
    portfolioReturn !== undefined
      ? `Portfolio return ${formatPercent(portfolioReturn)} (${windowDays} days) · ${trades}`
      : (trades ?? 'Portfolio return %');
  // Say so when the window is not yet full: a 30-day figure from 5 days of data reads differently.
  const shortHistory =
    metrics && metrics.history_days < metrics.window_days
      ? ` (${countOf(metrics.history_days, DAYS)} so far)`
      : '';

  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 6 }} gap="4" mb="6">
      <StatCard
        label="Current Drawdown"
        loading={loading}
        value={currentDrawdown !== undefined ? formatFractionPercent(currentDrawdown) : undefined}
        tone={drawdownTone(currentDrawdown)}
        help={missing(currentDrawdown, '% from peak')}
      />
      <StatCard
        label="Max Drawdown"
        loading={loading}
        value={maxDrawdown !== undefined ? formatFractionPercent(maxDrawdown) : undefined}
        tone={drawdownTone(maxDrawdown)}
        help={missing(maxDrawdown, `${windowDays}-day period${shortHistory}`)}
      />
      <StatCard
        label="Sharpe Ratio"
        loading={loading}
        value={sharpe !== undefined ? formatRatio(sharpe) : undefined}
        tone={sharpe === undefined ? 'neutral' : sharpe < 0 ? 'loss' : sharpe >= 1 ? 'gain' : 'warning'}
        help={missing(sharpe, 'Annualised, risk-adjusted')}
      />
      <StatCard
        label="Value at Risk"
        loading={loading}
        value={valueAtRisk !== undefined ? formatVarThousands(valueAtRisk) : undefined}
        help={missing(valueAtRisk, '95% confidence, one day')}
      />
      <StatCard
        label="Beta"
        loading={loading}
        value={beta !== undefined ? formatRatio(beta) : undefined}
        help={missing(beta, 'to NIFTY 50')}
      />
      <StatCard
        label="Win/Loss"
        loading={loading}
        value={winLoss !== undefined ? formatRatio(winLoss) : undefined}
        help={winLossHelp}
      />
    </SimpleGrid>
  );
}
