import type { AppFederationConfig } from '@nivesh/build';
import { exposes } from './src/exposes';

export default {
  name: 'landing',
  kind: 'remote',
  exposes,
  title: 'Nivesh: landing (standalone)',
} satisfies AppFederationConfig;
