/**
 * The five remotes: their registry name (also their federation name and URL segment), folder and
 * development port. The server's remote registry and `pnpm dev` read this list; the shell does not:
 * it learns remote URLs from GET /api/remotes at run time.
 */
import type { RemoteName } from '@nivesh/api-contract';

export interface RemoteDescriptor {
  name: RemoteName;
  folder: string;
  devPort: number;
}

export const REMOTES: readonly RemoteDescriptor[] = [
  { name: 'landing', folder: 'mfe-landing', devPort: 3001 },
  { name: 'dashboard', folder: 'mfe-dashboard', devPort: 3002 },
  { name: 'risk', folder: 'mfe-risk', devPort: 3003 },
  { name: 'trading', folder: 'mfe-trading', devPort: 3004 },
  { name: 'ml_ops', folder: 'mfe-ml-ops', devPort: 3005 },
];

export const SHELL_DEV_PORT = 3000;
export const API_DEV_PORT = 4000;
