/**
 * A webpack loader for Chakra UI's theme module (@chakra-ui/react/dist/esm/theme/index.js). That
 * module builds Chakra's whole default theme at its top level (`defaultThemeConfig =
 * defineConfig({... every recipe ...})`), a call webpack must keep unless it is marked pure, and
 * with it the recipes of every Chakra component. Marked pure, an unused default theme is dropped:
 * Nivesh's system (packages/ui/src/theme/system.ts) takes only the recipes of the components it
 * uses. If a Chakra release changes the line, the build warns and the module is left as it is
 * (bigger, still correct).
 */
const LINE = 'const defaultThemeConfig = defineConfig(';

module.exports = function pureChakraTheme(source) {
  if (!source.includes(LINE)) {
    this.emitWarning(
      new Error(`pureChakraTheme: "${LINE}" not found; Chakra's whole default theme stays in the bundle`),
    );
    return source;
  }
  return source.replace(LINE, 'const defaultThemeConfig = /* @__PURE__ */ defineConfig(');
};
