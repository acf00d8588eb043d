import type { AppFederationConfig } from '@nivesh/build';
import { exposes } from './src/exposes';

export default {
  name: 'dashboard',
  kind: 'remote',
  exposes,
  title: 'Nivesh: dashboard group (standalone)',
} satisfies AppFederationConfig;
