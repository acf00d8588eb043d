/**
 * @nivesh/ui/chakra: the Chakra UI components and helpers Nivesh uses. With chakraCore.ts
 * (@nivesh/ui/chakra/core, re-exported here whole) the only modules that import `@chakra-ui/react`
 * (eslint's no-restricted-imports enforces it). It is the shared singleton instead of the whole
 * library: Module Federation cannot tree-shake a shared module, so sharing `@chakra-ui/react`
 * itself shipped every component and every Zag machine (date picker, colour picker, carousel...).
 * Sharing this list keeps one Chakra instance (one system, one set of contexts) in the browser
 * while the bundler drops what is not re-exported here. A component not listed here or in the core
 * is a type error at its import: add it to this list (or to the core, when the public first page
 * needs it and it runs no state machine).
 */
export * from './chakraCore';
export {
  AbsoluteCenter,
  Alert,
  Avatar,
  Card,
  Checkbox,
  CloseButton,
  createToaster,
  DataList,
  Dialog,
  Field,
  Group,
  Icon,
  Input,
  InputGroup,
  Menu,
  NativeSelect,
  Portal,
  Progress,
  ProgressCircle,
  RadioCard,
  Separator,
  Skeleton,
  Status,
  Switch,
  Table,
  Tabs,
  Tag,
  Textarea,
  Toast,
  Toaster,
  useBreakpointValue,
  Wrap,
} from '@chakra-ui/react';

// The slot recipes of the components above (theme/fullSystem.ts): the first page needs none of them.
export {
  alertSlotRecipe,
  avatarSlotRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  statusSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
