import type { AppFederationConfig } from '@nivesh/build';
import { exposes } from './src/exposes';

export default {
  name: 'risk',
  kind: 'remote',
  exposes,
  title: 'Nivesh: risk (standalone)',
} satisfies AppFederationConfig;
