import type { AppFederationConfig } from '@nivesh/build';
import { exposes } from './src/exposes';

export default {
  name: 'trading',
  kind: 'remote',
  exposes,
  title: 'Nivesh: trading group (standalone)',
} satisfies AppFederationConfig;
