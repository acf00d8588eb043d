/**
 * The remote registry: published releases of each remote, the stable one and at most one canary
 * with a percentage, what browsers report loading, and the history of every change (who, when).
 *
 * - Publishing records a release whose files are already in the store; it changes nothing a
 *   browser loads. A version is published once.
 * - GET /api/remotes answers each browser from one read of the rollouts, so an answer never mixes
 *   two versions of a remote: canary when the browser's bucket falls under the percentage.
 * - Browsers report loads and failures, once per browser and release, and only for a release they
 *   were served: the current stable release (every browser, and canary browsers as fallback), or
 *   the current canary when their bucket is in its share. Any other report (a version not
 *   published, an old one, a canary the browser was not given) is not stored: it never counts.
 * - Counting: distinct browsers over the policy's window, at most `browsers_per_address` of them
 *   from one address (loads and failures each), so one machine minting browsers cannot sway it.
 * - When a canary, loaded by at least `min_loads` browsers, fails in a share more than
 *   `max_failure_rate` above the stable release's over the same window, the registry drops the
 *   canary by itself and records both rates. Stable failing as much (a broken network, a bad
 *   office proxy) does not roll a good canary back.
 *
 * Under `pnpm dev` (NIVESH_DEV_REMOTES) the entries point at the remotes' webpack dev servers and
 * the registry is not consulted.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REMOTES, type DevLayout, type RemoteName as BuildRemoteName } from '@nivesh/build/remotes';
import {
  REMOTE_NAMES,
  type AutoRollbackPolicy,
  type FailureKind,
  type LoadStats,
  type Release,
  type RemoteEntry,
  type RemoteName,
  type RemoteReleases,
  type RolloutAction,
  type RolloutEvent,
} from '@nivesh/api-contract';
import { schema, type Db } from '../db/index.js';
import type { Coordination } from '../db/coordination.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../http/errors.js';
import { inCanary } from './bucket.js';
import { localBuilds } from './localBuilds.js';
import { readManifest, type RemoteStore } from './store.js';

/** The build tooling's list of remotes names exactly the contract's remotes (checked both ways). */
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const remoteNamesAgree: SameSet<BuildRemoteName, RemoteName> = true;
void remoteNamesAgree;

export interface RemotesServiceDeps {
  db: Db;
  clock: Clock;
  store: RemoteStore;
  appsDir: string;
  /** Under `pnpm dev`: the dev servers' ports (entries point at them). */
  devRemotes: DevLayout | null;
  policy: AutoRollbackPolicy;
  log: FastifyBaseLogger;
  /** Processes on one database adopt the local builds one at a time (db/coordination.ts). */
  coordination: Coordination;
}

/** Who sent a report: a browser's signed client id and the address it came from. */
export interface Reporter {
  clientId: string;
  address: string;
}

export interface Assignment {
  remotes: RemoteEntry[];
  missing: RemoteName[];
}

type ReleaseRow = typeof schema.remoteReleases.$inferSelect;
type RolloutRow = typeof schema.remoteRollouts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const AUTOMATIC_ACTOR = 'registry (automatic)';
const HISTORY_LIMIT = 50;

function releaseView(row: ReleaseRow): Release {
  return {
    version: row.version,
    published_at: row.publishedAt.toISOString(),
    published_by: row.publishedBy,
    exposes: row.exposes,
  };
}

/** A share as a percentage with at most one decimal: 0.4 -> '40%'. */
function percentText(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/** A difference of shares in percentage points: 0.4 -> '40'. */
function pointsText(share: number): string {
  return `${Math.round(share * 1000) / 10}`;
}

/** Rates are ratios of small counts: compare them with a margin for floating point (0.4 - 0.2). */
const RATE_EPSILON = 1e-9;

const NO_LOADS: LoadStats = { loads: 0, failures: 0, failure_rate: 0 };

export type RemotesService = ReturnType<typeof createRemotesService>;

export function createRemotesService(deps: RemotesServiceDeps) {
  const { db, clock, store, policy, log } = deps;

  async function rollout(tx: Tx | Db, name: RemoteName): Promise<RolloutRow | undefined> {
    const [row] = await tx.select().from(schema.remoteRollouts).where(eq(schema.remoteRollouts.remote, name));
    return row;
  }

  async function lockedRollout(tx: Tx, name: RemoteName): Promise<RolloutRow | undefined> {
    const [row] = await tx
      .select()
      .from(schema.remoteRollouts)
      .where(eq(schema.remoteRollouts.remote, name))
      .for('update');
    return row;
  }

  async function releaseById(tx: Tx | Db, id: number | null): Promise<ReleaseRow | null> {
    if (id === null) return null;
    const [row] = await tx.select().from(schema.remoteReleases).where(eq(schema.remoteReleases.id, id));
    return row ?? null;
  }

  async function findRelease(tx: Tx | Db, name: RemoteName, version: string): Promise<ReleaseRow | null> {
    const [row] = await tx
      .select()
      .from(schema.remoteReleases)
      .where(and(eq(schema.remoteReleases.remote, name), eq(schema.remoteReleases.version, version)));
    return row ?? null;
  }

  async function requireRelease(tx: Tx | Db, name: RemoteName, version: string): Promise<ReleaseRow> {
    const row = await findRelease(tx, name, version);
    if (!row)
      throw new HttpError(
        404,
        `${name} ${version} is not published. Publish it first: pnpm release publish ${name}`,
      );
    return row;
  }

  async function record(
    tx: Tx | Db,
    name: RemoteName,
    actor: string,
    action: RolloutAction,
    details: {
      version?: string | null;
      previous?: string | null;
      percent?: number | null;
      reason?: string | null;
    },
  ) {
    await tx.insert(schema.remoteRolloutEvents).values({
      remote: name,
      at: clock.now(),
      actor,
      action,
      version: details.version ?? null,
      previousVersion: details.previous ?? null,
      percent: details.percent ?? null,
      reason: details.reason ?? null,
    });
  }

  async function writeRollout(
    tx: Tx,
    name: RemoteName,
    actor: string,
    values: Partial<
      Pick<RolloutRow, 'stableReleaseId' | 'canaryReleaseId' | 'canaryPercent' | 'canaryStartedAt'>
    >,
  ) {
    const now = clock.now();
    await tx
      .insert(schema.remoteRollouts)
      .values({
        remote: name,
        stableReleaseId: values.stableReleaseId ?? null,
        canaryReleaseId: values.canaryReleaseId ?? null,
        canaryPercent: values.canaryPercent ?? 0,
        canaryStartedAt: values.canaryStartedAt ?? null,
        updatedAt: now,
        updatedBy: actor,
      })
      .onConflictDoUpdate({
        target: schema.remoteRollouts.remote,
        set: { ...values, updatedAt: now, updatedBy: actor },
      });
  }

  /**
   * Distinct browsers that reported a release in the window, and those that failed with it; each
   * address counts as at most `browsers_per_address` of either (a browser seen from several
   * addresses belongs to one of them; reports stored without an address share one).
   */
  async function stats(tx: Tx | Db, name: RemoteName, version: string): Promise<LoadStats> {
    const since = new Date(clock.nowMs() - policy.window_minutes * 60_000);
    const reports = schema.remoteLoadReports;
    const browsers = tx
      .select({
        address: sql<string>`min(coalesce(${reports.ip}, ''))`.as('address'),
        failed: sql<boolean>`bool_or(${reports.outcome} = 'failure')`.as('failed'),
      })
      .from(reports)
      .where(and(eq(reports.remote, name), eq(reports.version, version), gt(reports.at, since)))
      .groupBy(reports.clientId)
      .as('browsers');
    const addresses = tx
      .select({
        loads: sql<number>`count(*)`.as('loads'),
        failures: sql<number>`count(*) filter (where ${browsers.failed})`.as('failures'),
      })
      .from(browsers)
      .groupBy(browsers.address)
      .as('addresses');
    const cap = policy.browsers_per_address;
    const [row] = await tx
      .select({
        loads: sql<number>`coalesce(sum(least(${addresses.loads}, ${cap})), 0)`.mapWith(Number),
        failures: sql<number>`coalesce(sum(least(${addresses.failures}, ${cap})), 0)`.mapWith(Number),
      })
      .from(addresses);
    const loads = row?.loads ?? 0;
    const failures = row?.failures ?? 0;
    return { loads, failures, failure_rate: loads === 0 ? 0 : failures / loads };
  }

  /**
   * Whether this browser was served `version` of the remote: it is the current stable release
   * (every browser may load it), or the current canary and the browser's bucket is in its share.
   */
  async function servedTo(tx: Tx, name: RemoteName, version: string, clientId: string): Promise<boolean> {
    const current = await rollout(tx, name);
    if (!current) return false;
    const stable = await releaseById(tx, current.stableReleaseId);
    if (stable?.version === version) return true;
    const canary = await releaseById(tx, current.canaryReleaseId);
    return canary?.version === version && inCanary(clientId, name, current.canaryPercent);
  }

  async function overviewOf(tx: Tx | Db, name: RemoteName): Promise<RemoteReleases> {
    const current = await rollout(tx, name);
    const stable = await releaseById(tx, current?.stableReleaseId ?? null);
    const canary = await releaseById(tx, current?.canaryReleaseId ?? null);
    const releases = await tx
      .select()
      .from(schema.remoteReleases)
      .where(eq(schema.remoteReleases.remote, name))
      .orderBy(desc(schema.remoteReleases.publishedAt), desc(schema.remoteReleases.id));
    const history = await tx
      .select()
      .from(schema.remoteRolloutEvents)
      .where(eq(schema.remoteRolloutEvents.remote, name))
      .orderBy(desc(schema.remoteRolloutEvents.at), desc(schema.remoteRolloutEvents.id))
      .limit(HISTORY_LIMIT);
    return {
      name,
      stable: stable ? { ...releaseView(stable), stats: await stats(tx, name, stable.version) } : null,
      canary:
        canary && current
          ? {
              ...releaseView(canary),
              percent: current.canaryPercent,
              started_at: (current.canaryStartedAt ?? current.updatedAt).toISOString(),
              stats: await stats(tx, name, canary.version),
            }
          : null,
      releases: releases.map(releaseView),
      history: history.map((event): RolloutEvent => ({
        at: event.at.toISOString(),
        actor: event.actor,
        action: event.action as RolloutAction,
        version: event.version,
        previous_version: event.previousVersion,
        percent: event.percent,
        reason: event.reason,
      })),
    };
  }

  /** Records a release whose files are in the store (idempotent only in refusing twice). */
  async function recordRelease(
    tx: Tx,
    name: RemoteName,
    version: string,
    actor: string,
  ): Promise<ReleaseRow> {
    if (!store.has(name, version)) {
      throw new HttpError(
        404,
        `The files of ${name} ${version} are not in the remote store (${store.releaseDir(name, version)}). Copy them with: pnpm release publish ${name}`,
      );
    }
    const manifest = readManifest(store.releaseDir(name, version), { name, version });
    if (await findRelease(tx, name, version)) {
      throw new HttpError(409, `${name} ${version} is already published; a published version never changes`);
    }
    const [row] = await tx
      .insert(schema.remoteReleases)
      .values({
        remote: name,
        version,
        exposes: manifest.exposes.map((expose) => expose.name),
        publishedAt: clock.now(),
        publishedBy: actor,
      })
      .returning();
    await record(tx, name, actor, 'publish', { version });
    return row as ReleaseRow;
  }

  async function makeStable(
    tx: Tx,
    name: RemoteName,
    release: ReleaseRow,
    actor: string,
    action: RolloutAction,
    reason?: string,
  ) {
    const current = await lockedRollout(tx, name);
    const previous = await releaseById(tx, current?.stableReleaseId ?? null);
    await writeRollout(tx, name, actor, { stableReleaseId: release.id });
    await record(tx, name, actor, action, {
      version: release.version,
      previous: previous?.version ?? null,
      reason: reason ?? null,
    });
  }

  async function dropCanary(
    tx: Tx,
    name: RemoteName,
    actor: string,
    action: RolloutAction,
    reason: string | null,
  ) {
    const current = await lockedRollout(tx, name);
    const canary = await releaseById(tx, current?.canaryReleaseId ?? null);
    if (!current || !canary) throw new HttpError(409, `${name} has no canary to roll back`);
    await writeRollout(tx, name, actor, { canaryReleaseId: null, canaryPercent: 0, canaryStartedAt: null });
    await record(tx, name, actor, action, {
      version: canary.version,
      percent: current.canaryPercent,
      reason,
    });
    return canary.version;
  }

  /** Stores a report, when the browser was served that release; returns whether it was stored. */
  /**
   * Why the canary should be rolled back now, or null: at least `min_loads` browsers loaded it and
   * its failure rate is more than `max_failure_rate` above the stable release's, over the window.
   */
  async function rollbackReason(
    tx: Tx,
    name: RemoteName,
    canaryVersion: string,
    stableReleaseId: number | null,
  ): Promise<string | null> {
    const canary = await stats(tx, name, canaryVersion);
    if (canary.loads < policy.min_loads) return null;
    const stableRelease = await releaseById(tx, stableReleaseId);
    const stable = stableRelease ? await stats(tx, name, stableRelease.version) : NO_LOADS;
    const excess = canary.failure_rate - stable.failure_rate;
    if (excess <= policy.max_failure_rate + RATE_EPSILON) return null;
    const stableText = stableRelease
      ? `stable ${stableRelease.version} in ${stable.failures} of ${stable.loads} (${percentText(stable.failure_rate)})`
      : 'no stable release to compare with (0%)';
    return (
      `canary ${canaryVersion} failed to load in ${canary.failures} of ${canary.loads} browsers ` +
      `(${percentText(canary.failure_rate)}) in the last ${policy.window_minutes} minutes, ${stableText}: ` +
      `${pointsText(excess)} points worse than stable, over the ${pointsText(policy.max_failure_rate)}-point limit`
    );
  }

  async function report(
    tx: Tx,
    name: RemoteName,
    version: string,
    who: Reporter,
    outcome: 'load' | 'failure',
    kind?: FailureKind,
    message?: string,
  ): Promise<boolean> {
    if (!(await servedTo(tx, name, version, who.clientId))) return false;
    const now = clock.now();
    await tx
      .insert(schema.remoteLoadReports)
      .values({
        remote: name,
        version,
        clientId: who.clientId,
        ip: who.address,
        outcome,
        kind: kind ?? null,
        message: message?.slice(0, 500) ?? null,
        at: now,
      })
      .onConflictDoUpdate({
        target: [
          schema.remoteLoadReports.remote,
          schema.remoteLoadReports.version,
          schema.remoteLoadReports.clientId,
          schema.remoteLoadReports.outcome,
        ],
        set: { at: now, ip: who.address, kind: kind ?? null, message: message?.slice(0, 500) ?? null },
      });
    return true;
  }

  /** adoptLocalBuilds's work, under its lock. */
  async function adoptLocalBuildsLocked(mode: 'missing' | 'newest', actor: string): Promise<string[]> {
    const done: string[] = [];
    for (const name of REMOTE_NAMES) {
      const builds = localBuilds(deps.appsDir, name);
      const [newest] = builds;
      if (!newest) continue;
      const current = await rollout(db, name);
      const stable = await releaseById(db, current?.stableReleaseId ?? null);
      // What another process on the database published from these builds (the same checkout), into
      // this process's own store, so that it serves those releases' files too.
      const canary = await releaseById(db, current?.canaryReleaseId ?? null);
      for (const release of [stable, canary]) {
        const build = release && builds.find((b) => b.version === release.version);
        if (build && !store.has(name, build.version)) store.copyIn(name, build.dir);
      }
      if (mode === 'missing' && stable) continue;
      if (stable?.version === newest.version) continue;
      if (current?.canaryReleaseId) {
        log.warn({ remote: name }, 'a canary is running: the newest local build was not made stable');
        continue;
      }
      if (!store.has(name, newest.version)) store.copyIn(name, newest.dir);
      await db.transaction(async (tx) => {
        const release =
          (await findRelease(tx, name, newest.version)) ??
          (await recordRelease(tx, name, newest.version, actor));
        await makeStable(tx, name, release, actor, 'stable', 'local build adopted at start');
      });
      done.push(`${name} ${newest.version}`);
    }
    return done;
  }

  return {
    policy,

    /** The entry of each remote for one browser. */
    async assign(clientId: string): Promise<Assignment> {
      const dev = deps.devRemotes;
      if (dev) {
        return {
          remotes: REMOTES.map((remote) => ({
            name: remote.name,
            version: 'dev',
            entry: `http://localhost:${dev.remotePorts[remote.name]}/mf-manifest.json`,
            exposes: [],
            channel: 'stable',
            fallback: null,
          })),
          missing: [],
        };
      }
      // One read of every rollout with its releases: the answer is consistent.
      const rows = await db
        .select({ rollout: schema.remoteRollouts, release: schema.remoteReleases })
        .from(schema.remoteRollouts)
        .leftJoin(
          schema.remoteReleases,
          sql`${schema.remoteReleases.id} in (${schema.remoteRollouts.stableReleaseId}, ${schema.remoteRollouts.canaryReleaseId})`,
        );
      const remotes: RemoteEntry[] = [];
      const missing: RemoteName[] = [];
      for (const name of REMOTE_NAMES) {
        const mine = rows.filter((row) => row.rollout.remote === name);
        const current = mine[0]?.rollout;
        const stable = mine.find((row) => row.release?.id === current?.stableReleaseId)?.release;
        const canary = mine.find((row) => row.release?.id === current?.canaryReleaseId)?.release;
        if (!current || !stable) {
          missing.push(name);
          continue;
        }
        const chosen = canary && inCanary(clientId, name, current.canaryPercent) ? canary : stable;
        remotes.push({
          name,
          version: chosen.version,
          entry: store.entryUrl(name, chosen.version),
          exposes: chosen.exposes,
          channel: chosen === canary ? 'canary' : 'stable',
          fallback:
            chosen === canary
              ? { version: stable.version, entry: store.entryUrl(name, stable.version) }
              : null,
        });
      }
      return { remotes, missing };
    },

    async overview(): Promise<RemoteReleases[]> {
      return Promise.all(REMOTE_NAMES.map((name) => overviewOf(db, name)));
    },

    async publish(name: RemoteName, version: string, actor: string): Promise<RemoteReleases> {
      await db.transaction((tx) => recordRelease(tx, name, version, actor));
      log.info({ remote: name, version, actor }, 'remote release published');
      return overviewOf(db, name);
    },

    async startCanary(
      name: RemoteName,
      version: string,
      percent: number,
      actor: string,
    ): Promise<RemoteReleases> {
      await db.transaction(async (tx) => {
        const release = await requireRelease(tx, name, version);
        const current = await lockedRollout(tx, name);
        if (!current?.stableReleaseId)
          throw new HttpError(409, `${name} has no stable release yet to compare a canary with`);
        if (current.stableReleaseId === release.id)
          throw new HttpError(409, `${name} ${version} is already the stable release`);
        if (current.canaryReleaseId !== null) {
          const running = await releaseById(tx, current.canaryReleaseId);
          throw new HttpError(
            409,
            `${name} already has a canary (${running?.version}); promote it or roll it back first`,
          );
        }
        await writeRollout(tx, name, actor, {
          canaryReleaseId: release.id,
          canaryPercent: percent,
          canaryStartedAt: clock.now(),
        });
        await record(tx, name, actor, 'canary_start', { version, percent });
      });
      log.warn({ remote: name, version, percent, actor }, 'canary started');
      return overviewOf(db, name);
    },

    async setCanaryPercent(name: RemoteName, percent: number, actor: string): Promise<RemoteReleases> {
      await db.transaction(async (tx) => {
        const current = await lockedRollout(tx, name);
        const canary = await releaseById(tx, current?.canaryReleaseId ?? null);
        if (!current || !canary) throw new HttpError(409, `${name} has no canary; start one first`);
        await writeRollout(tx, name, actor, { canaryPercent: percent });
        await record(tx, name, actor, 'canary_percent', { version: canary.version, percent, previous: null });
      });
      log.warn({ remote: name, percent, actor }, 'canary percentage changed');
      return overviewOf(db, name);
    },

    /** The canary becomes stable; or, with `version` and no canary, that release does directly. */
    async promote(name: RemoteName, version: string | undefined, actor: string): Promise<RemoteReleases> {
      await db.transaction(async (tx) => {
        const current = await lockedRollout(tx, name);
        const canary = await releaseById(tx, current?.canaryReleaseId ?? null);
        if (version && !canary) {
          const release = await requireRelease(tx, name, version);
          if (current?.stableReleaseId === release.id)
            throw new HttpError(409, `${name} ${version} is already the stable release`);
          await makeStable(tx, name, release, actor, 'stable', 'made stable directly, without a canary');
          return;
        }
        if (version && canary && canary.version !== version) {
          throw new HttpError(409, `${name}'s canary is ${canary.version}; promote it or roll it back first`);
        }
        if (!current || !canary) throw new HttpError(409, `${name} has no canary to promote`);
        const previous = await releaseById(tx, current.stableReleaseId);
        await writeRollout(tx, name, actor, {
          stableReleaseId: canary.id,
          canaryReleaseId: null,
          canaryPercent: 0,
          canaryStartedAt: null,
        });
        await record(tx, name, actor, 'promote', {
          version: canary.version,
          previous: previous?.version ?? null,
        });
      });
      log.warn({ remote: name, actor }, 'canary promoted to stable');
      return overviewOf(db, name);
    },

    /** Drops the canary; without one, returns stable to `version` or to the release before it. */
    async rollback(name: RemoteName, version: string | undefined, actor: string): Promise<RemoteReleases> {
      await db.transaction(async (tx) => {
        const current = await lockedRollout(tx, name);
        if (current?.canaryReleaseId !== null && current?.canaryReleaseId !== undefined) {
          if (version)
            throw new HttpError(409, `${name} has a canary: roll it back before choosing a stable release`);
          await dropCanary(tx, name, actor, 'rollback', null);
          return;
        }
        const stable = await releaseById(tx, current?.stableReleaseId ?? null);
        if (!stable) throw new HttpError(409, `${name} has no stable release to roll back`);
        let targetVersion = version;
        if (!targetVersion) {
          // The release that was stable before the current one became stable.
          const [made] = await tx
            .select()
            .from(schema.remoteRolloutEvents)
            .where(
              and(
                eq(schema.remoteRolloutEvents.remote, name),
                eq(schema.remoteRolloutEvents.version, stable.version),
                inArray(schema.remoteRolloutEvents.action, ['stable', 'promote', 'rollback']),
              ),
            )
            .orderBy(desc(schema.remoteRolloutEvents.at), desc(schema.remoteRolloutEvents.id))
            .limit(1);
          targetVersion = made?.previousVersion ?? undefined;
          if (!targetVersion)
            throw new HttpError(409, `${name} ${stable.version} has no previous stable release to return to`);
        }
        if (targetVersion === stable.version)
          throw new HttpError(409, `${name} ${targetVersion} is already the stable release`);
        const target = await requireRelease(tx, name, targetVersion);
        await makeStable(tx, name, target, actor, 'rollback');
      });
      log.warn({ remote: name, version, actor }, 'remote rolled back');
      return overviewOf(db, name);
    },

    /** Records a successful load; `counted` is false when the browser was not served that release. */
    async recordLoad(name: RemoteName, version: string, who: Reporter): Promise<{ counted: boolean }> {
      const counted = await db.transaction((tx) => report(tx, name, version, who, 'load'));
      return { counted };
    },

    /**
     * Records a failure (when the browser was served that release); rolls the canary back when it
     * now fails too often compared with the stable release.
     */
    async recordFailure(
      name: RemoteName,
      version: string,
      who: Reporter,
      kind: FailureKind,
      message: string | undefined,
    ): Promise<{ counted: boolean; rolledBack: boolean }> {
      const outcome = await db.transaction(async (tx) => {
        // Failures of one remote one at a time: the decision sees every failure before it.
        const current = await lockedRollout(tx, name);
        const counted = await report(tx, name, version, who, 'failure', kind, message);
        const canary = await releaseById(tx, current?.canaryReleaseId ?? null);
        if (!counted || !canary || canary.version !== version) return { counted, rolledBack: false };
        const reason = await rollbackReason(tx, name, canary.version, current?.stableReleaseId ?? null);
        if (reason === null) return { counted, rolledBack: false };
        await dropCanary(tx, name, AUTOMATIC_ACTOR, 'auto_rollback', reason);
        log.error({ remote: name, version, reason }, 'canary rolled back automatically');
        return { counted, rolledBack: true };
      });
      if (outcome.counted)
        log.warn({ remote: name, version, kind, message }, 'a browser reported a remote failure');
      return outcome;
    },

    /**
     * Local builds into the registry. 'missing': a remote with no stable release gets its newest
     * local build (a fresh install). 'newest': every remote's newest local build becomes stable
     * unless a canary is running (what `npm start` does after building). Either way, a stable or
     * canary release that is one of the local builds is copied into this process's store if it is
     * not there (published by another process on the database, with a store of its own).
     */
    async adoptLocalBuilds(mode: 'missing' | 'newest', actor: string): Promise<string[]> {
      // Processes that start at the same moment on a new database would each publish the same
      // builds (and all but one fail on the releases' unique version): one at a time, the later
      // ones find them stable.
      return deps.coordination.withLock('local-builds', () => adoptLocalBuildsLocked(mode, actor));
    },
  };
}
