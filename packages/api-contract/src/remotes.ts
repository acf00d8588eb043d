/** The remote registry: which build of each page group a browser loads (ARCHITECTURE.md section 3). */
import { z } from 'zod';
import { route } from './route';

export const REMOTE_NAMES = ['landing', 'dashboard', 'risk', 'trading', 'ml_ops'] as const;
export const RemoteName = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof RemoteName>;

export const RemoteEntry = z.object({
  name: RemoteName,
  /** `<package version>+<build id>`. */
  version: z.string(),
  /** URL of the build's mf-manifest.json. */
  entry: z.string(),
  /** Exposed modules, as named in the manifest (for example `RiskPage`). */
  exposes: z.array(z.string()),
});
export type RemoteEntry = z.infer<typeof RemoteEntry>;

export const RemotesResponse = z.object({
  success: z.literal(true),
  remotes: z.array(RemoteEntry),
  /** Remotes with no build on this server: their routes show the load error. */
  missing: z.array(RemoteName),
});

export const remotesRoutes = {
  list: route({
    method: 'GET',
    path: '/api/remotes',
    access: 'public',
    tag: 'remotes',
    summary: 'The entry URL, version and exposed pages of each remote this browser should load',
    responses: { 200: RemotesResponse },
  }),
} as const;
