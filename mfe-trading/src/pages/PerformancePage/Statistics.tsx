/** Labelled figures of the analytics: key statistics (overview), the tear sheet and the statistics tab. */
import { Box, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import type { PerformanceAnalytics, PnlBasis } from '@nivesh/api-contract';
import { formatDuration, formatNumber, PnlLabel } from '@nivesh/ui';
import { drawdownText, MISSING, percentText, ratioText, rupeesText, signedTone } from '../../features/format';
import { DrawdownsTable } from './Breakdowns';

export interface Figure {
  label: string;
  value: string;
  tone?: 'gain' | 'loss' | 'neutral';
  help?: string;
  /** A P&L figure: its label says it is after charges (PnlLabel). */
  pnlBasis?: PnlBasis;
}

const TONE_COLOR = { gain: 'gain', loss: 'loss', neutral: 'fg' } as const;

export function FigureGrid({ figures, label }: { figures: Figure[]; label: string }) {
  return (
    <SimpleGrid as="dl" aria-label={label} columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
      {figures.map((f) => (
        <Box key={f.label} borderWidth="1px" borderColor="border" rounded="l2" p="3" bg="bg.subtle">
          <Text as="dt" textStyle="xs" color="fg.muted">
            {f.pnlBasis ? <PnlLabel label={f.label} basis={f.pnlBasis} /> : f.label}
          </Text>
          <Text
            as="dd"
            textStyle="lg"
            fontWeight="semibold"
            fontVariantNumeric="tabular-nums"
            color={TONE_COLOR[f.tone ?? 'neutral']}
            data-testid={`figure-${f.label}`}
          >
            {f.value}
          </Text>
          {f.help && (
            <Text textStyle="2xs" color="fg.muted">
              {f.help}
            </Text>
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
}

const money = (value: number | null) => rupeesText(value, { sign: true });

/** The analytics count each trade's net P&L: after its entry and exit charges. */
const AFTER: PnlBasis = 'after_charges';

export function keyStatistics(a: PerformanceAnalytics): Figure[] {
  return [
    { label: 'Average Win', value: money(a.avg_win), tone: signedTone(a.avg_win), pnlBasis: AFTER },
    { label: 'Average Loss', value: money(a.avg_loss), tone: signedTone(a.avg_loss), pnlBasis: AFTER },
    { label: 'Best Trade', value: money(a.largest_win), tone: signedTone(a.largest_win), pnlBasis: AFTER },
    { label: 'Worst Trade', value: money(a.largest_loss), tone: signedTone(a.largest_loss), pnlBasis: AFTER },
    {
      label: 'Volatility',
      value: percentText(a.volatility, { sign: false }),
      help: 'Annualised, daily returns',
    },
  ];
}

export const TEAR_SHEET_SUBTITLE = 'Money-weighted return and the figures against NIFTY 50';

/** The tear sheet: its figures and the deepest drawdowns of the period. */
export function TearSheet({ analytics }: { analytics: PerformanceAnalytics }) {
  return (
    <Stack gap="4">
      <FigureGrid label="Tear sheet" figures={tearSheet(analytics)} />
      <DrawdownsTable rows={analytics.deepest_drawdowns} />
    </Stack>
  );
}

/** The tear sheet's money-weighted and benchmark-relative figures (DOMAIN.md, "Metric definitions"). */
function tearSheet(a: PerformanceAnalytics): Figure[] {
  return [
    {
      label: 'Money-Weighted Return (XIRR)',
      value: percentText(a.money_weighted_return),
      tone: signedTone(a.money_weighted_return),
      help: 'Yearly rate of your deposits, withdrawals and the value now',
    },
    {
      label: 'Time-Weighted Return',
      value: percentText(a.total_return),
      tone: signedTone(a.total_return),
      help: 'The period, net of deposits and withdrawals',
    },
    {
      label: 'Alpha',
      value: percentText(a.alpha),
      tone: signedTone(a.alpha),
      help: 'Annualised, beyond what beta to NIFTY 50 explains',
    },
    { label: 'Beta', value: ratioText(a.beta), help: 'To NIFTY 50, daily returns' },
    {
      label: 'Information Ratio',
      value: ratioText(a.information_ratio),
      help: 'Annualised return over NIFTY 50 per unit of tracking error',
    },
  ];
}

export function allStatistics(a: PerformanceAnalytics): Figure[] {
  return [
    {
      label: 'Avg Hold Time',
      value: a.avg_hold_time_hours === null ? MISSING : formatDuration(a.avg_hold_time_hours),
      help: 'Entry to exit, closed trades',
    },
    { label: 'Sortino Ratio', value: ratioText(a.sortino_ratio), help: 'Return per unit of downside risk' },
    { label: 'Calmar Ratio', value: ratioText(a.calmar_ratio), help: 'Annualised return / max drawdown' },
    {
      label: 'Expectancy',
      value: money(a.expectancy),
      tone: signedTone(a.expectancy),
      help: 'Average net P&L per trade',
      pnlBasis: AFTER,
    },
    { label: 'Profit Factor', value: ratioText(a.profit_factor), help: 'Gross profit / gross loss' },
    { label: 'Sharpe Ratio', value: ratioText(a.sharpe_ratio), help: 'Annualised, 252 trading days' },
    {
      label: 'Annualized Return',
      value: percentText(a.annualized_return),
      tone: signedTone(a.annualized_return),
    },
    { label: 'Net P&L', value: money(a.net_pnl), tone: signedTone(a.net_pnl), pnlBasis: AFTER },
    { label: 'Max Drawdown', value: drawdownText(a.max_drawdown), tone: signedTone(a.max_drawdown) },
    { label: 'Volatility', value: percentText(a.volatility, { sign: false }) },
    { label: 'Winning Trades', value: formatNumber(a.winning_trades) },
    { label: 'Losing Trades', value: formatNumber(a.losing_trades) },
  ];
}
