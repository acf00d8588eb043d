/**
 * No log line carries a secret (logging.ts), read from the lines the app's logger wrote
 * (TestApp.logs, made with the server's own logger options) on PGlite and PostgreSQL: secret fields
 * by name at any depth the server logs, the one-time values of a logged URL, and the values a
 * real database error quotes (its bound parameters, PostgreSQL's detail and context).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { schema } from './db/index.js';
import { REDACTED } from './logging.js';
import { send, signedInApp, testDatabases } from './testing/index.js';

const KEY = 'a1b2c3d4-e5f6-4711-8899-0123456789ab';
const SECRET = 'the-operators-upstox-secret';

const pick = (from: Record<string, string>, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, from[key]]));

/** The database's refusal of a statement, as the code that ran it would catch it. */
async function refusal(statement: Promise<unknown>): Promise<Error> {
  try {
    await statement;
  } catch (error) {
    return error as Error;
  }
  assert.fail('the statement was expected to fail');
}

for (const target of await testDatabases()) {
  describe(`log lines on ${target.name}`, () => {
    const s = signedInApp(target);
    /** The lines written while `run` ran, as text. */
    const linesOf = async (run: () => unknown): Promise<string> => {
      const from = s.t.logs.length;
      await run();
      return s.t.logs
        .slice(from)
        .map((line) => JSON.stringify(line))
        .join('\n');
    };

    it('hide secret fields by name, at the top and nested as the server logs them', async () => {
      const text = await linesOf(() =>
        s.t.app.log.warn(
          {
            api_key: KEY,
            credentials: { apiSecret: SECRET, api_secret: SECRET, access_token: SECRET },
            req: { headers: { authorization: `Bearer ${SECRET}`, cookie: `sid=${SECRET}` } },
            input: { user: { password: SECRET, token: SECRET } },
            broker: 'upstox',
          },
          'credentials were not saved',
        ),
      );
      assert.ok(!text.includes(KEY) && !text.includes(SECRET), text);
      const [line] = s.t.logs.slice(-1) as Array<Record<string, Record<string, unknown>>>;
      assert.equal(line!['api_key'], REDACTED);
      assert.deepEqual(line!['credentials'], {
        apiSecret: REDACTED,
        api_secret: REDACTED,
        access_token: REDACTED,
      });
      assert.equal(line!['broker'], 'upstox', 'other fields are kept');
    });

    it("keep a database error's query and SQLSTATE but none of its values", async () => {
      const row = (key: string) => ({
        key,
        value: { api_key: KEY, api_secret: SECRET },
        updatedAt: new Date(),
        updatedBy: 'test',
      });
      await s.database.db.insert(schema.settings).values(row(`broker.test.${KEY}`));
      // A duplicate key: PostgreSQL's detail quotes the key; drizzle's message every parameter.
      const duplicate = await refusal(
        s.database.db.insert(schema.settings).values(row(`broker.test.${KEY}`)),
      );
      // Text PostgreSQL's JSON cannot hold: its context quotes the JSON around the bad character.
      const badJson = await refusal(
        s.database.db
          .insert(schema.settings)
          .values({ ...row('broker.test.json'), value: { key: `${KEY}\ud800` } }),
      );
      for (const error of [duplicate, badJson]) {
        assert.ok(`${error.message} ${JSON.stringify(error)}`.includes(KEY), 'the raw error has it');
        const text = await linesOf(() => s.t.app.log.error({ err: error }, 'request failed'));
        assert.ok(!text.includes(KEY) && !text.includes(SECRET), text);
        const err = (s.t.logs.at(-1) as { err: Record<string, string> }).err;
        assert.match(err['message']!, /^Failed query: insert into "settings" \("key", "value"/);
        assert.match(err['query']!, /^insert into "settings"/);
        assert.match(err['stack']!, /\n {4}at /, 'the stack is kept');
      }
      const logged = async (error: Error) => {
        await linesOf(() => s.t.app.log.error({ err: error }, 'request failed'));
        return (s.t.logs.at(-1) as { err: Record<string, string> }).err['message']!;
      };
      assert.match(await logged(duplicate), /duplicate key value violates unique constraint "…"/);
      assert.deepEqual(
        pick((s.t.logs.at(-1) as { err: Record<string, string> }).err, ['code', 'constraint', 'table']),
        { code: '23505', constraint: 'settings_pkey', table: 'settings' },
      );
      assert.match(await logged(badJson), /invalid input syntax for type json/);
      assert.equal((s.t.logs.at(-1) as { err: Record<string, string> }).err['code'], '22P02');
      // Only the message of an error logged: the parameters drizzle lists are cut off.
      const messageOnly = await linesOf(() => s.t.app.log.warn({ err: duplicate.message }, 'a write failed'));
      assert.ok(!messageOnly.includes(KEY), messageOnly);
      assert.match(messageOnly, /Failed query: insert into/);
    });

    it('hide the one-time code and state of a refused sign-in callback', async () => {
      const text = await linesOf(() =>
        send(s.t.app, 'GET', `/api/upstox/callback?code=${SECRET}&state=${KEY}&extra=kept`),
      );
      assert.match(text, /request refused/);
      assert.ok(!text.includes(KEY) && !text.includes(SECRET), text);
      assert.match(text, /\/api\/upstox\/callback\?code=\[redacted\]&state=\[redacted\]&extra=kept/);
    });
  });
}
