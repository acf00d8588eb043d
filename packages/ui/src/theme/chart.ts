/**
 * How every chart (recharts) looks: the theme's colours as CSS variables, so a chart follows the
 * light and dark modes, and one tooltip style. A chart adds its own series colours from these.
 */
export const CHART_COLORS = {
  primary: 'var(--chakra-colors-brand-solid)',
  secondary: 'var(--chakra-colors-blue-400)',
  tertiary: 'var(--chakra-colors-orange-400)',
  up: 'var(--chakra-colors-green-500)',
  down: 'var(--chakra-colors-red-500)',
  grid: 'var(--chakra-colors-border)',
  axis: 'var(--chakra-colors-fg-muted)',
} as const;

/** Axis props: the muted colour, 12 px labels. */
export const CHART_AXIS = { stroke: CHART_COLORS.axis, fontSize: 12 } as const;

/** Tooltip props: the panel's background and border, the page's text colour. */
export const CHART_TOOLTIP = {
  contentStyle: {
    background: 'var(--chakra-colors-bg-panel)',
    border: '1px solid var(--chakra-colors-border)',
    borderRadius: 8,
    color: 'var(--chakra-colors-fg)',
  },
  labelStyle: { color: 'var(--chakra-colors-fg)', fontWeight: 600 },
} as const;

/**
 * Props every series (line, area, bar) takes: no drawing animation. A polled chart gets new data
 * every few seconds, and recharts would draw each line again from nothing each time: on a busy
 * machine the operator sees the axes with no line for a second or more (Auto-Scaling's load chart).
 */
export const CHART_SERIES = { isAnimationActive: false } as const;
