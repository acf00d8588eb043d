/**
 * Data sources (specification part 2, Settings › Data Sources): the built-in sources this server
 * uses and the operator's custom APIs, each a `data_sources` row.
 *
 * Built-in sources (custom = false) are created on first use when missing, with ids that do not
 * change: the simulated NSE market, Upstox market data, the NSE holiday calendar, and one 'News RSS
 * Feed' per NIVESH_NEWS_FEEDS URL (a URL taken out of the configuration is no longer listed). They
 * can be switched on and off, not edited. Switching a news feed off stops the news pipeline reading
 * it (`newsFeedUrls()`: the enabled news feeds, built-in and custom, read by the pipeline without
 * their API key or headers); switching a market source or the calendar only changes whether it is
 * listed as active and checked by Refresh All: the market feed itself is NIVESH_MARKET_DATA's, and
 * the toggle's message says so.
 *
 * Status shown (DataSourceStatus): a switched-off source is 'disabled' ('available' when it was never
 * switched on). A switched-on one:
 * - simulated market: connected when it is this server's feed, else available (ready, not in use);
 * - Upstox: from the access token: missing -> available, expired or invalid -> disconnected, valid or
 *   expiring -> connected, unless the last check (refresh) since the token was saved failed;
 * - holiday calendar: connected when this IST year's holiday list is loaded, else disconnected;
 * - news feeds and custom sources: the last check: pending (never checked), connected or
 *   disconnected; for a news feed the news pipeline's latest read counts as a check.
 * The source this server's ticks come from (the simulated market, or Upstox) was last updated by
 * its newest tick, to the millisecond, when that is later than its last check: it ticks every
 * second, so 'Never' would be false.
 * The browser applies the specification's toggle rule (on: available -> connected, otherwise kept;
 * off: disabled) once the server accepted, then reloads the list, which says what is true.
 *
 * Checks (validate, add, an edit that moves the endpoint, refresh) fetch the endpoint from the
 * server through http/safeFetch.ts (public addresses only unless NIVESH_FETCH_ALLOW names them,
 * redirects re-checked, time-out, size limit) with the stored headers and, when a key is stored,
 * `Authorization: Bearer <key>`. A check passes when the endpoint answers 2xx within the time-out;
 * otherwise the reason is a sentence (the HTTP status, the time-out, the refused address). Add and
 * an edit to a new endpoint store nothing unless the check passes (400 'Validation failed: …', the
 * sentence the form shows for validate), and the check is the new row's first (connected). Refresh records status, last_updated (on success),
 * latency (round trip of the last successful check) and the last error. A switched-off source is
 * not checked: refresh answers 400 saying so.
 *
 * API keys are sealed with the server's secret key (broker/secretBox.ts, the same AES-256-GCM box
 * as the Upstox secrets, bound to the source's id) and never answered: `api_key_required` says one
 * is stored.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { asc, eq, sql } from 'drizzle-orm';
import {
  istWallClock,
  type DataSourceCheck,
  type DataSourceEntry,
  type DataSourceStatus,
  type DataSourceType,
  type NewDataSource,
  type TokenStatus,
  type ValidationResult,
} from '@nivesh/api-contract';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import { schema, type Db } from '../db/index.js';
import type { SecretBox } from '../broker/secretBox.js';
import { HttpError, badRequest } from '../http/errors.js';
import { safeFetch, SafeFetchError } from '../http/safeFetch.js';
import { headersProblem } from './headers.js';

type Row = typeof schema.dataSources.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SourceInput = z.output<typeof DataSourceCheck>;

/** A check of an endpoint gives up after this long (the whole fetch, redirects included). */
const CHECK_TIMEOUT_MS = 10_000;
/** A check reads at most this much of the answer. */
const CHECK_MAX_BYTES = 2 * 1024 * 1024;
/** The advisory lock add and update hold while they look for a duplicate name or endpoint. */
const WRITE_LOCK = 0x4e49_5644_5352_43n; // "NIVDSRC"
const NEWS: DataSourceType = 'News RSS Feed';
const UPSTOX_DOCS = 'https://upstox.com/developer/api-documentation/open-api';
const NSE_HOLIDAYS = 'https://www.nseindia.com/resources/exchange-communication-holidays';

/** A news pipeline read of one feed (news/pipeline.ts FeedStatus). */
interface FeedRead {
  url: string;
  ok: boolean;
  error: string | null;
  latencyMs: number;
  at: Date;
}

export interface DataSourcesDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
  /** This server's market feed (feed.source). */
  marketData: () => 'simulated' | 'upstox';
  /** When the newest tick of this server's feed was made (epoch ms; the tick hub), null before any. */
  lastTickAt: () => number | null;
  simSeed: number;
  /** NIVESH_UPSTOX_API_URL. */
  upstoxApiUrl: string;
  upstoxToken: () => Promise<TokenStatus>;
  /** One authenticated Upstox call (the profile); throws a sentence when Upstox refuses or is down. */
  upstoxCheck: () => Promise<unknown>;
  /** Whether an NSE holiday list is loaded for a year. */
  holidaysKnown: (year: number) => boolean;
  /** NIVESH_NEWS_FEEDS. */
  newsFeeds: readonly string[];
  /** The news pipeline's latest read of each feed. */
  newsReads: () => readonly FeedRead[];
  /** NIVESH_FETCH_ALLOW. */
  fetchAllow: readonly string[];
  /** Default CHECK_TIMEOUT_MS (tests shorten it). */
  checkTimeoutMs?: number | undefined;
}

type BuiltinKind = 'simulated' | 'upstox' | 'holidays' | 'news';

interface Builtin {
  id: string;
  kind: BuiltinKind;
  name: string;
  type: DataSourceType;
  description: string;
  endpoint: string;
  externalUrl: string | null;
  enabledAtFirst: boolean;
}

export type DataSourcesService = ReturnType<typeof createDataSourcesService>;

const notFound = (id: string) => new HttpError(404, `There is no data source with id ${id}.`);

function sameEndpoint(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** The stored check outcome a switched-on source shows again. */
function lastCheckStatus(row: Pick<Row, 'lastError' | 'lastUpdated'>): DataSourceStatus {
  if (row.lastError !== null) return 'disconnected';
  return row.lastUpdated !== null ? 'connected' : 'pending';
}

export function createDataSourcesService(deps: DataSourcesDeps) {
  const { db, clock, box } = deps;
  const timeoutMs = deps.checkTimeoutMs ?? CHECK_TIMEOUT_MS;
  const builtins = builtinSources();
  const builtinById = new Map(builtins.map((b) => [b.id, b]));
  let newsCache: string[] = [];

  function builtinSources(): Builtin[] {
    const hosts = deps.newsFeeds.map((url) => new URL(url).host);
    const news = deps.newsFeeds.map((url, index): Builtin => {
      const parsed = new URL(url);
      const shared = hosts.filter((host) => host === parsed.host).length > 1;
      return {
        id: `news-${createHash('sha256').update(url).digest('hex').slice(0, 12)}`,
        kind: 'news',
        name: `News feed: ${shared ? `${parsed.host}${parsed.pathname}` : parsed.host}`,
        type: NEWS,
        description: `News feed ${index + 1} of NIVESH_NEWS_FEEDS: the news pipeline reads it every 15 minutes and scores its headlines' sentiment.`,
        endpoint: url,
        externalUrl: parsed.origin,
        enabledAtFirst: true,
      };
    });
    return [
      {
        id: 'simulated-nse',
        kind: 'simulated',
        name: 'Simulated NSE market',
        type: 'Market Data API',
        description: `Simulated NSE prices generated inside this server (seed ${deps.simSeed}): reproducible ticks and daily candles for the NIFTY 50 universe and indices. Not real market data.`,
        endpoint: `sim://nse?seed=${deps.simSeed}`,
        externalUrl: null,
        enabledAtFirst: deps.marketData() === 'simulated',
      },
      {
        id: 'upstox-market-data',
        kind: 'upstox',
        name: 'Upstox market data',
        type: 'Market Data API',
        description:
          'Live NSE quotes, candles and the market-data feed from Upstox (NIVESH_MARKET_DATA=upstox), with the access token set in the broker integration above.',
        endpoint: `${deps.upstoxApiUrl}/v2`,
        externalUrl: UPSTOX_DOCS,
        enabledAtFirst: deps.marketData() === 'upstox',
      },
      {
        id: 'nse-holidays',
        kind: 'holidays',
        name: 'NSE holiday calendar',
        type: 'Economic Data Feed',
        description:
          "NSE trading holidays by year, shipped with the server (market/holidays) or the operator's own in <data dir>/holidays; market hours, trading days and square-off follow it.",
        endpoint: `file:holidays/${istWallClock(clock.now()).year}.json`,
        externalUrl: NSE_HOLIDAYS,
        enabledAtFirst: true,
      },
      ...news,
    ];
  }

  const sealContext = (id: string) => `data-source.api_key:${id}`;

  function storedKey(row: Row): string | null {
    if (row.apiKeyEncrypted === null) return null;
    try {
      return box.open(row.apiKeyEncrypted, sealContext(row.id));
    } catch {
      return null;
    }
  }

  /** Built-in rows of this configuration and custom rows, built-ins first (in their order). */
  async function rows(): Promise<Row[]> {
    let all = await db.select().from(schema.dataSources).orderBy(asc(schema.dataSources.createdAt));
    const missing = builtins.filter((b) => !all.some((row) => row.id === b.id));
    if (missing.length > 0) {
      const now = clock.now();
      await db
        .insert(schema.dataSources)
        .values(
          missing.map((b) => ({
            id: b.id,
            name: b.name,
            type: b.type,
            description: b.description,
            endpoint: b.endpoint,
            enabled: b.enabledAtFirst,
            custom: false,
            headers: {},
            externalUrl: b.externalUrl,
            status: b.enabledAtFirst ? 'pending' : 'available',
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing({ target: schema.dataSources.id });
      all = await db.select().from(schema.dataSources).orderBy(asc(schema.dataSources.createdAt));
    }
    const order = (row: Row) => {
      const index = builtins.findIndex((b) => b.id === row.id);
      return index < 0 ? builtins.length : index;
    };
    const listed = all
      .filter((row) => row.custom || builtinById.has(row.id))
      .sort((a, b) => order(a) - order(b));
    newsCache = [
      ...new Set(listed.filter((row) => row.enabled && row.type === NEWS).map((row) => endpointOf(row))),
    ];
    return listed;
  }

  /** A built-in's endpoint and texts come from this configuration, not the stored copy. */
  const endpointOf = (row: Row) => builtinById.get(row.id)?.endpoint ?? row.endpoint;

  async function rowById(id: string): Promise<Row> {
    const row = (await rows()).find((candidate) => candidate.id === id);
    if (!row) throw notFound(id);
    return row;
  }

  async function entryOf(row: Row): Promise<DataSourceEntry> {
    const builtin = builtinById.get(row.id);
    let status: DataSourceStatus;
    let lastUpdated = row.lastUpdated;
    let latency = row.latencyMs;
    if (!row.enabled) {
      status = row.status === 'available' ? 'available' : 'disabled';
    } else if (builtin?.kind === 'simulated') {
      status = deps.marketData() === 'simulated' ? 'connected' : 'available';
    } else if (builtin?.kind === 'upstox') {
      const token = await deps.upstoxToken();
      const tokenSavedAt = token.updated_at === null ? 0 : Date.parse(token.updated_at);
      const failedSince = row.status === 'disconnected' && row.updatedAt.getTime() >= tokenSavedAt;
      status =
        token.state === 'missing'
          ? 'available'
          : token.state === 'valid' || token.state === 'expiring'
            ? failedSince
              ? 'disconnected'
              : 'connected'
            : 'disconnected';
    } else if (builtin?.kind === 'holidays') {
      status = deps.holidaysKnown(istWallClock(clock.now()).year) ? 'connected' : 'disconnected';
    } else {
      status = lastCheckStatus(row);
      if (row.type === NEWS) {
        const read = deps.newsReads().find((r) => r.url === endpointOf(row));
        if (read && read.at.getTime() > row.updatedAt.getTime()) {
          status = read.ok ? 'connected' : 'disconnected';
          if (read.ok) {
            lastUpdated = read.at;
            latency = read.latencyMs;
          }
        }
      }
    }
    if (row.enabled && builtin !== undefined && builtin.kind === deps.marketData()) {
      const tickAt = deps.lastTickAt();
      if (tickAt !== null && (lastUpdated === null || tickAt > lastUpdated.getTime())) {
        lastUpdated = new Date(tickAt);
      }
    }
    return {
      id: row.id,
      name: builtin?.name ?? row.name,
      type: builtin?.type ?? (row.type as DataSourceType),
      description: builtin?.description ?? row.description,
      endpoint: endpointOf(row),
      enabled: row.enabled,
      status,
      custom: row.custom,
      api_key_required: builtin ? builtin.kind === 'upstox' : row.apiKeyEncrypted !== null,
      external_url: builtin?.externalUrl ?? row.externalUrl,
      last_updated: lastUpdated?.toISOString() ?? null,
      latency,
    };
  }

  /** Fetches an endpoint once; passes on a 2xx answer within the time-out. */
  async function probe(
    endpoint: string,
    apiKey: string | null,
    headers: Readonly<Record<string, string>>,
  ): Promise<{ ok: true; latencyMs: number } | { ok: false; error: string }> {
    const started = performance.now();
    try {
      const response = await safeFetch(endpoint, {
        allow: deps.fetchAllow,
        timeoutMs,
        maxBytes: CHECK_MAX_BYTES,
        headers: {
          accept: 'application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
          ...headers,
          ...(apiKey !== null ? { authorization: `Bearer ${apiKey}` } : {}),
        },
      });
      const latencyMs = Math.round(performance.now() - started);
      if (response.status >= 200 && response.status < 300) return { ok: true, latencyMs };
      const reason = http.STATUS_CODES[response.status];
      return {
        ok: false,
        error: `the endpoint answered HTTP ${response.status}${reason ? ` (${reason})` : ''}, not a success.`,
      };
    } catch (error) {
      if (error instanceof SafeFetchError) return { ok: false, error: error.message };
      return { ok: false, error: `the endpoint could not be checked: ${(error as Error).message}.` };
    }
  }

  /** Records a check's outcome on the row. */
  async function record(
    row: Row,
    outcome: { ok: true; latencyMs: number | null } | { ok: false; error: string },
    status: DataSourceStatus = outcome.ok ? 'connected' : 'disconnected',
  ): Promise<Row> {
    const now = clock.now();
    const set = outcome.ok
      ? { status, lastUpdated: now, latencyMs: outcome.latencyMs, lastError: null, updatedAt: now }
      : { status, lastError: outcome.error, updatedAt: now };
    const [updated] = await db
      .update(schema.dataSources)
      .set(set)
      .where(eq(schema.dataSources.id, row.id))
      .returning();
    return updated ?? row;
  }

  function checkInput(input: Pick<SourceInput, 'headers'>): void {
    const problem = input.headers ? headersProblem(input.headers) : null;
    if (problem) throw badRequest(problem);
  }

  /** Fetches the input's endpoint with its key and headers, or, when it leaves them out, `stored`'s. */
  function probeInput(
    input: Pick<SourceInput, 'endpoint' | 'apiKey' | 'headers'>,
    stored: Row | null,
  ): ReturnType<typeof probe> {
    const apiKey = input.apiKey ?? (stored ? storedKey(stored) : null);
    const headers = input.headers ?? ((stored?.headers ?? {}) as Record<string, string>);
    return probe(input.endpoint, apiKey, headers);
  }

  /**
   * The check add and an edit that moves the endpoint pass first, as validate checks it: a 400
   * with validate's reason when it fails, so nothing is stored that a check refuses (a loopback
   * address, say). Its outcome, when it passes, is the row's last check.
   */
  async function mustPass(
    input: Pick<SourceInput, 'endpoint' | 'apiKey' | 'headers'>,
    stored: Row | null,
  ): Promise<{ lastUpdated: Date; latencyMs: number; lastError: null }> {
    const outcome = await probeInput(input, stored);
    if (!outcome.ok) throw badRequest(`Validation failed: ${outcome.error}`);
    return { lastUpdated: clock.now(), latencyMs: outcome.latencyMs, lastError: null };
  }

  /** 409 when another source has this name (any case) or endpoint; runs inside the write lock. */
  function duplicateOf(all: readonly Row[], input: SourceInput, exceptId: string | null): HttpError | null {
    const name = input.name.trim().toLowerCase();
    for (const row of all) {
      if (row.id === exceptId || (!row.custom && !builtinById.has(row.id))) continue;
      const rowName = (builtinById.get(row.id)?.name ?? row.name).toLowerCase();
      if (rowName === name) {
        return new HttpError(409, `A data source named "${input.name.trim()}" already exists.`);
      }
      if (sameEndpoint(endpointOf(row), input.endpoint)) {
        return new HttpError(
          409,
          `The data source "${builtinById.get(row.id)?.name ?? row.name}" already uses ${input.endpoint}.`,
        );
      }
    }
    return null;
  }

  async function locked<T>(run: (tx: Tx, all: Row[]) => Promise<T>): Promise<T> {
    await rows(); // the built-ins exist before names are compared with theirs
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
      const all = await tx.select().from(schema.dataSources);
      return run(tx, all);
    });
  }

  async function checkBuiltin(row: Row, builtin: Builtin): Promise<Row> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    switch (builtin.kind) {
      case 'simulated':
        return deps.marketData() === 'simulated'
          ? record(row, { ok: true, latencyMs: elapsed() })
          : record(
              row,
              {
                ok: false,
                error:
                  "This server's market data is Upstox (NIVESH_MARKET_DATA=upstox): the simulated market is not running.",
              },
              'available',
            );
      case 'upstox': {
        const token = await deps.upstoxToken();
        if (token.state !== 'valid' && token.state !== 'expiring') {
          return record(row, { ok: false, error: token.message });
        }
        try {
          const called = performance.now();
          await deps.upstoxCheck();
          return record(row, { ok: true, latencyMs: Math.round(performance.now() - called) });
        } catch (error) {
          return record(row, { ok: false, error: (error as Error).message });
        }
      }
      case 'holidays': {
        const year = istWallClock(clock.now()).year;
        return deps.holidaysKnown(year)
          ? record(row, { ok: true, latencyMs: elapsed() })
          : record(row, {
              ok: false,
              error: `No NSE holiday list for ${year} is loaded: add <data dir>/holidays/${year}.json.`,
            });
      }
      case 'news':
        return record(row, await probe(endpointOf(row), null, {}));
    }
  }

  return {
    /** Creates the missing built-in rows and loads the news feeds (at start). */
    async load(): Promise<void> {
      await rows();
    },

    /** The enabled 'News RSS Feed' sources' URLs, built-in and custom, as last read from the database. */
    newsFeedUrls(): readonly string[] {
      return newsCache;
    },

    async list(): Promise<DataSourceEntry[]> {
      return Promise.all((await rows()).map((row) => entryOf(row)));
    },

    async toggle(id: string, enabled: boolean): Promise<string> {
      const row = await rowById(id);
      const builtin = builtinById.get(id);
      await db
        .update(schema.dataSources)
        .set({ enabled, status: enabled ? lastCheckStatus(row) : 'disabled', updatedAt: clock.now() })
        .where(eq(schema.dataSources.id, id));
      await rows();
      const name = builtin?.name ?? row.name;
      if (row.type === NEWS) {
        return enabled
          ? `${name} switched on: the news pipeline reads it from its next refresh.`
          : `${name} switched off: the news pipeline no longer reads it.`;
      }
      if (builtin?.kind === 'simulated' || builtin?.kind === 'upstox') {
        return `${name} switched ${enabled ? 'on' : 'off'}. The market feed itself is chosen with NIVESH_MARKET_DATA (this server: ${deps.marketData()}).`;
      }
      return `${name} switched ${enabled ? 'on' : 'off'}.`;
    },

    /** Checks an endpoint (nothing stored); with `id`, a custom source's stored key and headers stand in. */
    async validate(input: SourceInput): Promise<ValidationResult> {
      checkInput(input);
      let stored: Row | null = null;
      if (input.id !== undefined) {
        stored = await rowById(input.id);
        if (!stored.custom)
          throw badRequest(
            `${builtinById.get(stored.id)?.name ?? stored.name} is built in: it is checked with Refresh.`,
          );
      }
      const outcome = await probeInput(input, stored);
      return outcome.ok ? { valid: true } : { valid: false, error: outcome.error };
    },

    async add(input: z.output<typeof NewDataSource>): Promise<DataSourceEntry> {
      checkInput(input);
      const checked = await mustPass(input, null);
      const row = await locked(async (tx, all) => {
        const duplicate = duplicateOf(all, input, null);
        if (duplicate) throw duplicate;
        const id = randomUUID();
        const now = clock.now();
        const [inserted] = await tx
          .insert(schema.dataSources)
          .values({
            id,
            name: input.name.trim(),
            type: input.type,
            description: input.description,
            endpoint: input.endpoint,
            enabled: input.enabled,
            custom: true,
            apiKeyEncrypted: input.apiKey === undefined ? null : box.seal(input.apiKey, sealContext(id)),
            headers: input.headers ?? {},
            externalUrl: null,
            status: input.enabled ? lastCheckStatus(checked) : 'disabled',
            ...checked,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return inserted!;
      });
      await rows();
      return entryOf(row);
    },

    async update(id: string, input: z.output<typeof NewDataSource>): Promise<DataSourceEntry> {
      checkInput(input);
      const before = await rowById(id);
      // A new endpoint is checked first, with the stored key and headers when the edit leaves them out.
      const checkedNew =
        before.custom && !sameEndpoint(before.endpoint, input.endpoint)
          ? await mustPass(input, before)
          : null;
      const row = await locked(async (tx, all) => {
        const current = all.find((candidate) => candidate.id === id);
        if (!current || (!current.custom && !builtinById.has(id))) throw notFound(id);
        if (!current.custom) {
          throw badRequest(
            `${builtinById.get(id)!.name} is built in: it can be switched on or off, not edited.`,
          );
        }
        const duplicate = duplicateOf(all, input, id);
        if (duplicate) throw duplicate;
        const moved = !sameEndpoint(current.endpoint, input.endpoint);
        // `checkedNew` checked input.endpoint; null when it was the endpoint read before the lock
        // and another edit has moved the row since: pending until the next refresh.
        const checked = moved
          ? (checkedNew ?? { lastUpdated: null, latencyMs: null, lastError: null })
          : current;
        const [updated] = await tx
          .update(schema.dataSources)
          .set({
            name: input.name.trim(),
            type: input.type,
            description: input.description,
            endpoint: input.endpoint,
            enabled: input.enabled,
            ...(input.apiKey !== undefined
              ? { apiKeyEncrypted: box.seal(input.apiKey, sealContext(id)) }
              : {}),
            ...(input.headers !== undefined ? { headers: input.headers } : {}),
            status: input.enabled ? lastCheckStatus(checked) : 'disabled',
            lastUpdated: checked.lastUpdated,
            latencyMs: checked.latencyMs,
            lastError: checked.lastError,
            updatedAt: clock.now(),
          })
          .where(eq(schema.dataSources.id, id))
          .returning();
        return updated!;
      });
      await rows();
      return entryOf(row);
    },

    /** Checks one switched-on source now and records the outcome; answers it with its fresh status. */
    async refresh(id: string): Promise<DataSourceEntry> {
      const row = await rowById(id);
      const builtin = builtinById.get(id);
      if (!row.enabled) {
        throw badRequest(`${builtin?.name ?? row.name} is switched off: switch it on to check it.`);
      }
      const checked = builtin
        ? await checkBuiltin(row, builtin)
        : await record(row, await probe(row.endpoint, storedKey(row), row.headers as Record<string, string>));
      return entryOf(checked);
    },
  };
}
