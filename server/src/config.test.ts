/**
 * Configuration entries parsed from the environment: the news feeds list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.js';

describe('NIVESH_NEWS_FEEDS', () => {
  it('is no feed when unset or empty', () => {
    assert.deepEqual(loadConfig({}).newsFeeds, []);
    assert.deepEqual(loadConfig({ NIVESH_NEWS_FEEDS: ' , ' }).newsFeeds, []);
  });

  it('reads comma-separated http(s) URLs, trimmed, each once, in the order given', () => {
    const env = {
      NIVESH_NEWS_FEEDS:
        ' https://news.example.in/markets.rss ,http://feeds.example.com/atom,,https://news.example.in/markets.rss',
    };
    assert.deepEqual(loadConfig(env).newsFeeds, [
      'https://news.example.in/markets.rss',
      'http://feeds.example.com/atom',
    ]);
  });

  it('refuses an entry that is not an http(s) URL, naming its place', () => {
    for (const [value, place] of [
      ['ftp://news.example.in/feed', 0],
      ['https://news.example.in/rss, javascript:alert(1)', 1],
      ['news.example.in/rss', 0],
    ] as const) {
      assert.throws(
        () => loadConfig({ NIVESH_NEWS_FEEDS: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message.includes(
            `NIVESH_NEWS_FEEDS.${place}: NIVESH_NEWS_FEEDS must be comma-separated http(s) URLs`,
          ),
        value,
      );
    }
  });
});
