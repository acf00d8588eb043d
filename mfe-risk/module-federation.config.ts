import type { AppFederationConfig } from '@nivesh/build';
import { exposes } from './src/exposes';

export default {
  name: 'risk',
  kind: 'remote',
  exposes,
  devPort: 3003,
  title: 'Nivesh: risk (standalone)',
} satisfies AppFederationConfig;
