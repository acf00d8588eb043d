/**
 * The Chakra systems the apps render with: Nivesh's tokens over Chakra's, dark by default (a trading
 * desk at night), light mode on request. Two systems, the same but for the slot recipes they hold:
 * `coreSystem` has those of the components the public first page uses (List), so that page does not
 * download the rest; the signed-in pages render with `system` (theme/fullSystem.ts, in @nivesh/ui),
 * which has every component's that @nivesh/ui/chakra lists. One copy of each: @nivesh/ui/core and
 * @nivesh/ui are shared singletons.
 */
import {
  animationStyles,
  breakpoints,
  createSystem,
  cssVarsPrefix,
  cssVarsRoot,
  defaultBaseConfig,
  defineConfig,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  recipes,
  semanticTokens,
  textStyles,
  tokens,
  type SystemContext,
} from '@nivesh/ui/chakra/core';

/** Slot recipes by component key (`dataList`), as a Chakra theme takes them. */
type SlotRecipes = NonNullable<NonNullable<Parameters<typeof defineConfig>[0]['theme']>['slotRecipes']>;

/**
 * Chakra's default theme (its `defaultConfig`) with the slot recipes given: the other components'
 * recipes are most of Chakra's theme. A component added to @nivesh/ui/chakra with a slot recipe adds
 * it to fullSystem.ts too, or it renders unstyled (system.test.ts checks both systems).
 */
const chakraTheme = (slotRecipes: SlotRecipes) =>
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens,
      recipes,
      slotRecipes,
      textStyles,
      layerStyles,
      animationStyles,
    },
  });

const config = defineConfig({
  globalCss: {
    'html, body': {
      bg: 'bg',
      color: 'fg',
      fontFeatureSettings: '"tnum" 1, "cv11" 1',
    },
    // Smooth scrolling only for those who have not asked their system for less motion.
    html: { _motionSafe: { scrollBehavior: 'smooth' } },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Space Grotesk Variable', 'Inter Variable', system-ui, sans-serif" },
        body: { value: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', sans-serif" },
        mono: { value: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace" },
      },
      colors: {
        brand: {
          50: { value: '#ecfdf7' },
          100: { value: '#d1faec' },
          200: { value: '#a7f3da' },
          300: { value: '#6ee7bf' },
          400: { value: '#34d39e' },
          500: { value: '#10b981' },
          600: { value: '#059669' },
          700: { value: '#047857' },
          800: { value: '#065f46' },
          900: { value: '#064e3b' },
          950: { value: '#022c22' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.500}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        bg: {
          DEFAULT: { value: { _light: '{colors.white}', _dark: '#0b1020' } },
          panel: { value: { _light: '{colors.white}', _dark: '#111830' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '#0f1629' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '#18213d' } },
        },
        border: {
          DEFAULT: { value: { _light: '{colors.gray.200}', _dark: '#222c4a' } },
        },
        gain: { value: { _light: '{colors.green.600}', _dark: '{colors.green.400}' } },
        loss: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
      },
    },
  },
});

/** Nivesh's system with these slot recipes. */
export const niveshSystem = (slotRecipes: SlotRecipes): SystemContext =>
  createSystem(defaultBaseConfig, chakraTheme(slotRecipes), config);

/** The public first page's system (the landing page and what the shell shows around it). */
export const coreSystem = niveshSystem({ list: listSlotRecipe });
