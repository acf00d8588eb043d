/**
 * @nivesh/ui: the Chakra system, providers, formatters and shared components. A shared singleton;
 * what the first page needs is also its own, smaller one (@nivesh/ui/core, re-exported here).
 */
export * from './core';
export { system } from './theme/fullSystem';
export { toaster, notify, Toaster, TOAST_DURATIONS } from './theme/toaster';
export { CHART_AXIS, CHART_COLORS, CHART_SERIES, CHART_TOOLTIP } from './theme/chart';
export { chartAxis, pointsWithValues, seriesValues, type AxisOptions, type ChartAxis } from './charts/axis';
export { TooFewPoints, TRADING_DAYS, countOf, type PointUnit } from './charts/TooFewPoints';
export * from './format/money';
export * from './format/time';
export * from './format/dataSource';
export { formatDuration } from './format/duration';
export { featureLabel, formatFeatureValue } from './format/mlFeatures';
export { PageHeader } from './components/PageHeader';
export {
  PnlLabel,
  PnlBasisTag,
  PNL_BASIS_TEXT,
  DEFAULT_PNL_BASIS,
  type PnlLabelProps,
} from './components/PnlLabel';
export { Figure, NO_FIGURE, StatCard, type FigureProps, type StatCardProps } from './components/StatCard';
export { describeModel, ML_FIGURE_MISSING, type ModelDescription } from './format/modelStatus';
export { ConnectionBanner, type ConnectionBannerProps } from './components/ConnectionBanner';
export { Panel, Unavailable } from './components/Panel';
export { ServiceStatusBadge, type ServiceStatus } from './components/ServiceStatusBadge';
export { QueryNotice, StaleNotice, type QueryState, type QueryNoticeView } from './components/QueryNotice';
export { Eyebrow } from './components/Eyebrow';
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog';
export { RuleField, ruleLabel, type RuleFieldProps } from './components/RuleField';
export { useRuleForm, type RuleForm, type RuleFormField, type RuleFormSchema } from './form/ruleForm';
export {
  TradingModeSwitch,
  MODE_ACTIVATED,
  type ModeRefusal,
  type TradingModeSwitchControl,
  type TradingModeSwitchProps,
  type SwitchTradingMode,
} from './components/TradingModeSwitch';
