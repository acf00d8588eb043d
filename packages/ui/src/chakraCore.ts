/**
 * @nivesh/ui/chakra/core: the part of Chakra UI a visitor's first page uses (the landing page and
 * what the shell shows around it): the provider, what the system is built from, and the layout,
 * text and button components, none of which runs a state machine. A shared singleton of its own,
 * so the landing path downloads this and not the rest of the list (@nivesh/ui/chakra: dialogs,
 * menus, tabs, toasts and the Zag machines and positioning code behind them).
 *
 * @nivesh/ui/chakra re-exports every name here from this module, so in the shell's build both
 * entries are one set of modules: one system, one set of contexts, whichever entry a page imports
 * (chakra.test.ts checks the objects are the same). The shell provides both, and every app takes
 * both from it. Besides chakra.ts, the only module importing `@chakra-ui/react`.
 */
export {
  Badge,
  Box,
  Button,
  Center,
  ChakraProvider,
  Code,
  Container,
  createSystem,
  defineConfig,
  Flex,
  Grid,
  Heading,
  HStack,
  IconButton,
  Link,
  List,
  SimpleGrid,
  SkipNavContent,
  SkipNavLink,
  Spinner,
  Stack,
  Text,
  Theme,
  VisuallyHidden,
  type BoxProps,
  type SystemContext,
  type TextProps,
} from '@chakra-ui/react';

// The parts of Chakra's default theme the systems are built from (theme/system.ts): everything but
// the component recipes, then the slot recipes of only the components the first page uses (List);
// the others' are in @nivesh/ui/chakra, for the signed-in pages' system (theme/fullSystem.ts).
// `defaultConfig` would carry the recipes of every Chakra component.
export { defaultBaseConfig } from '@chakra-ui/react/preset-base';
export {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  recipes,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
