/**
 * The broker access token, for any page of this remote: status hook, badge, expiry line, banner
 * and editor. The Dashboard's token panel and the Settings broker card are built from these.
 */
export { useBrokerToken } from './useBrokerToken';
export { TokenStatusBadge } from './TokenStatusBadge';
export { TokenTiming } from './TokenTiming';
export { TokenBanner } from './TokenBanner';
export { TokenEditor } from './TokenEditor';
export { TOKEN_ACTION_LABELS, tokenBanner, tokenNeedsUpdate } from './tokenState';
