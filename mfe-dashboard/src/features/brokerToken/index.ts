/**
 * The broker access token, for any page of this remote: status hook, badge, expiry line, banner
 * and editor. The Dashboard's token panel and the Settings broker card are built from these.
 */
export {
  useBrokerToken,
  useUpdateBrokerToken,
  type BrokerToken,
  type TokenUpdateOutcome,
} from './useBrokerToken';
export { TokenStatusBadge } from './TokenStatusBadge';
export { TokenTiming } from './TokenTiming';
export { TokenBanner } from './TokenBanner';
export {
  TokenEditor,
  EMPTY_TOKEN_MESSAGE,
  CLIPBOARD_DENIED_MESSAGE,
  type TokenEditorProps,
} from './TokenEditor';
export {
  TOKEN_ACTION_LABELS,
  TOKEN_STATE_LABELS,
  TOKEN_UNKNOWN_LABEL,
  formatHoursLeft,
  tokenBanner,
  tokenNeedsUpdate,
  tokenTimeTone,
} from './tokenState';
