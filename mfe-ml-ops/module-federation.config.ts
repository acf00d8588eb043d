import type { AppFederationConfig } from '@nivesh/build';
import { exposes } from './src/exposes';

export default {
  name: 'ml_ops',
  kind: 'remote',
  exposes,
  title: 'Nivesh: ML and operations group (standalone)',
} satisfies AppFederationConfig;
