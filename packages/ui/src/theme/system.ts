/**
 * The Chakra system every app renders with (one copy: @nivesh/ui is a shared singleton).
 * Dark by default, a trading desk at night; light mode on request.
 */
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  breakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  createSystem,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  defaultBaseConfig,
  defineConfig,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  recipes,
  semanticTokens,
  statusSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@nivesh/ui/chakra/core';

/**
 * Chakra's default theme (its `defaultConfig`) with the slot recipes of only the components Nivesh
 * uses (chakra.ts): the system is in the shared Chakra chunk every page downloads, and the other
 * components' recipes are most of Chakra's theme. A component added to chakra.ts with a slot
 * recipe adds it here too, or it renders unstyled (system.test.tsx checks the list).
 */
const chakraTheme = defineConfig({
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
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      progressCircle: progressCircleSlotRecipe,
      radioCard: radioCardSlotRecipe,
      status: statusSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
    },
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
    html: { scrollBehavior: 'smooth' },
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

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
