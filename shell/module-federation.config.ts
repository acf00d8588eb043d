import type { AppFederationConfig } from '@nivesh/build';

/** The host. It exposes nothing and compiles in no remote: GET /api/remotes names them at run time. */
export default {
  name: 'shell',
  kind: 'host',
  title: 'Nivesh',
} satisfies AppFederationConfig;
