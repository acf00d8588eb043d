/**
 * The environment, parsed and validated once. Nothing else in the server reads process.env.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (server/src/config.ts -> ../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  HOST: z.string().min(1).default('localhost'),
  NIVESH_DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  NIVESH_OPERATOR_EMAIL: z
    .email('NIVESH_OPERATOR_EMAIL must be an email address')
    .default('operator@nivesh.local'),
  NIVESH_OPERATOR_NAME: z.string().min(1).optional(),
  /** The address people use to reach this server (for setup links). */
  NIVESH_PUBLIC_URL: z.url().optional(),
  NIVESH_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'NIVESH_SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  NIVESH_SMTP_FROM: z.string().min(3).default('Nivesh <no-reply@nivesh.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pnpm dev`: remotes come from their webpack dev servers on ports 3001-3005. */
  NIVESH_DEV_REMOTES: flag,
  /** Where the built apps are (the repository root by default). */
  NIVESH_APPS_DIR: z.string().min(1).optional(),
  /** The folder `pnpm ...` was started from, to resolve relative paths the way the user meant. */
  INIT_CWD: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** PGlite data folder (also holds the lock file and the operator's holiday files). */
  dataDir: string;
  databaseUrl: string | null;
  operatorEmail: string;
  operatorName: string | null;
  smtp: { url: string; from: string } | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  devRemotes: boolean;
  appsDir: string;
  version: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '1.0.0'): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const base = e.INIT_CWD ?? process.cwd();
  const publicUrl = (e.NIVESH_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.NIVESH_DATA_DIR ? path.resolve(base, e.NIVESH_DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: e.DATABASE_URL ?? null,
    operatorEmail: e.NIVESH_OPERATOR_EMAIL.trim().toLowerCase(),
    operatorName: e.NIVESH_OPERATOR_NAME ?? null,
    smtp: e.NIVESH_SMTP_URL ? { url: e.NIVESH_SMTP_URL, from: e.NIVESH_SMTP_FROM } : null,
    logLevel: e.LOG_LEVEL,
    devRemotes: e.NIVESH_DEV_REMOTES,
    appsDir: e.NIVESH_APPS_DIR ? path.resolve(base, e.NIVESH_APPS_DIR) : repoRoot,
    version,
  };
}
