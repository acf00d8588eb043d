/**
 * Charge estimates for live orders: DOMAIN.md's NSE schedule through the paper engine's cost
 * function, at the cost settings the operator keeps (brokerage, STT, exchange charge, ...). Upstox
 * bills the real figures on its contract note; these are what previews and the history show.
 */
import type { Db } from '../../db/index.js';
import { chargesToRupees, computeCharges } from '../../paper/costs.js';
import { costSettingsOf, loadPaperSettings } from '../../paper/settings.js';
import type { ChargesEstimator } from './liveBroker.js';

export function liveChargesEstimator(db: Db): ChargesEstimator {
  return async ({ side, product, quantity, price }) => {
    const settings = costSettingsOf(await loadPaperSettings(db));
    return chargesToRupees(
      computeCharges({ side, product, quantity, pricePaise: Math.round(price * 100), settings }),
    );
  };
}
