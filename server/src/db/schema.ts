/**
 * The database schema (drizzle). One PostgreSQL schema, the same on PGlite and PostgreSQL.
 * Timestamps are UTC (`timestamptz`); money will be integer paise.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The one operator account. Its email follows NIVESH_OPERATOR_EMAIL. */
export const operators = pgTable('operators', {
  id: integer('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name'),
  /** argon2id PHC string; null until the first password is set. */
  passwordHash: text('password_hash'),
  passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_operator_idx').on(t.operatorId)],
);

/** One-time password setup tokens (15 minutes). Only the SHA-256 is stored. */
export const passwordSetupTokens = pgTable('password_setup_tokens', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** Superseded by a newer request, or consumed. */
  invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  requestedFrom: text('requested_from'),
});

/** Login attempts, for the 5-failures-in-15-minutes limit per email and address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempts_lookup_idx').on(t.email, t.ip, t.attemptedAt)],
);

/** Operator settings (trading mode, ...), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by'),
});

/** Who changed what, when: every change of a setting that matters. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/** Published releases of each remote (files in the remote store, never changed once published). */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    exposes: jsonb('exposes').$type<string[]>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: text('published_by').notNull(),
  },
  (t) => [uniqueIndex('remote_releases_remote_version_idx').on(t.remote, t.version)],
);

/** Per remote: the stable release and at most one canary with its percentage. */
export const remoteRollouts = pgTable('remote_rollouts', {
  remote: text('remote').primaryKey(),
  stableReleaseId: integer('stable_release_id').references(() => remoteReleases.id),
  canaryReleaseId: integer('canary_release_id').references(() => remoteReleases.id),
  canaryPercent: integer('canary_percent').notNull().default(0),
  canaryStartedAt: timestamp('canary_started_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by').notNull(),
});

/** Every change of a rollout, with who and when. */
export const remoteRolloutEvents = pgTable(
  'remote_rollout_events',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    version: text('version'),
    previousVersion: text('previous_version'),
    percent: integer('percent'),
    reason: text('reason'),
  },
  (t) => [index('remote_rollout_events_remote_at_idx').on(t.remote, t.at)],
);

/**
 * What browsers reported loading: one row per browser, release and outcome ('load' or 'failure'),
 * so one browser counts once however often it retries.
 */
export const remoteLoadReports = pgTable(
  'remote_load_reports',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    clientId: text('client_id').notNull(),
    outcome: text('outcome').notNull(),
    kind: text('kind'),
    message: text('message'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('remote_load_reports_once_idx').on(t.remote, t.version, t.clientId, t.outcome),
    index('remote_load_reports_at_idx').on(t.remote, t.version, t.at),
  ],
);
