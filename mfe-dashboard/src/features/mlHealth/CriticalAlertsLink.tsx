/**
 * The critical alerts the ML metrics count, as a link to where each is dealt with: the Risk
 * Management page's alerts (every alert, with its suggested action, dismiss and Clear All).
 */
import { Link } from '@nivesh/ui/chakra';
import { Link as RouterLink, tabAddress } from '@nivesh/api-client/router';
import { PAGE_PATHS, type RiskTab } from '@nivesh/api-contract';
import { formatNumber } from '@nivesh/ui';

const ALERTS_TAB: RiskTab = 'alerts';

/** The risk page's alerts: where a critical alert is read and dealt with. */
const RISK_ALERTS_ADDRESS = tabAddress(PAGE_PATHS.risk, ALERTS_TAB);

export function CriticalAlertsLink({ count }: { count: number }) {
  return (
    <Link asChild color="red.fg" fontWeight="medium" textDecoration="underline">
      <RouterLink to={RISK_ALERTS_ADDRESS}>
        {formatNumber(count)} critical alert{count === 1 ? '' : 's'}: review and act
      </RouterLink>
    </Link>
  );
}
