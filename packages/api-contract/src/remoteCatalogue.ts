/**
 * `@nivesh/api-contract/remotes`: what the shell needs before its first page. The remote catalogue
 * (GET /api/remotes) is defined here, once, with zod's tree-shakable `zod/mini` API, and the paths
 * of the load and failure reports; remotes.ts builds the rest of the remote registry's schemas and
 * its routes from these. A visitor's first page parses the catalogue with these schemas and
 * downloads the few kilobytes of zod they use: the classic `zod` API, whichever schema one builds,
 * carries all of zod (about 23 KB compressed), and it comes with the signed-in parts.
 *
 * Both APIs are the same zod (one core, one parser, the same definitions): the classic schemas of
 * remotes.ts take these as fields, the server validates and serialises with them, and the fuzz
 * suite reads them like any other.
 */
import * as z from 'zod/mini';
import { REMOTE_NAMES } from './remoteNames';

export * from './remoteNames';
export { fillPath } from './route';

export const RemoteName = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof RemoteName>;

/** `<package version>+<build id>`: letters, digits, '.', '+' and '-'. */
export const RemoteVersion = z
  .string()
  .check(z.regex(/^[0-9A-Za-z.+-]{1,100}$/, "a version is letters, digits, '.', '+' or '-' (at most 100)"));

export const ReleaseChannel = z.enum(['stable', 'canary']);
export type ReleaseChannel = z.infer<typeof ReleaseChannel>;

export const RemoteEntry = z.object({
  name: RemoteName,
  version: RemoteVersion,
  /** URL of the release's mf-manifest.json. */
  entry: z.string(),
  /** Exposed modules, as named in the manifest (for example `RiskPage`). */
  exposes: z.array(z.string()),
  channel: ReleaseChannel,
  /** For a canary: the stable release to load instead when the canary fails. */
  fallback: z.nullable(z.object({ version: RemoteVersion, entry: z.string() })),
});
export type RemoteEntry = z.infer<typeof RemoteEntry>;

/** The answer of GET /api/remotes (remotesRoutes.list). */
export const RemotesResponse = z.object({
  success: z.literal(true),
  remotes: z.array(RemoteEntry),
  /** Remotes with no release on this server: their routes show the load error. */
  missing: z.array(RemoteName),
  /**
   * False when this browser holds no client id from this server (it refuses cookies, or its address
   * was issued too many new ids lately): its reports would be refused, so the shell sends none.
   * Absent means true.
   */
  reporting: z.optional(z.boolean()),
});
export type RemotesResponse = z.infer<typeof RemotesResponse>;

/** What went wrong in the browser: the entry (manifest or remoteEntry.js), a module chunk, or rendering. */
export const FailureKind = z.enum(['entry', 'module', 'render']);
export type FailureKind = z.infer<typeof FailureKind>;
