import type { AppFederationConfig } from '@nivesh/build';
import { exposes } from './src/exposes';

export default {
  name: 'landing',
  kind: 'remote',
  exposes,
  devPort: 3001,
  title: 'Nivesh: landing (standalone)',
} satisfies AppFederationConfig;
