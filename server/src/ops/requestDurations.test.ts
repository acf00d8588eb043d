/**
 * The request-duration histogram's counts and its Prometheus text, on hand-worked numbers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRequestDurations, escapeLabelValue } from './requestDurations.js';

const durations = () =>
  createRequestDurations({ name: 'req_seconds', help: 'Request time', buckets: [0.1, 0.01, 1] });

describe('request durations', () => {
  it('counts each answer in the first bucket whose bound it does not pass, cumulatively, per label set', () => {
    const histogram = durations();
    // Bounds sorted: 0.01, 0.1, 1. 1 is at its bound (le: in it), 3 only in +Inf. Binary fractions,
    // so the sum is exact.
    histogram.observe('/api/health', 'GET', 200, 0.0078125);
    histogram.observe('/api/health', 'GET', 200, 0.0625);
    histogram.observe('/api/health', 'GET', 200, 1);
    histogram.observe('/api/health', 'GET', 200, 3);
    histogram.observe('/api/health', 'GET', 503, 0.05);
    assert.equal(
      histogram.exposition(),
      [
        '# HELP req_seconds Request time',
        '# TYPE req_seconds histogram',
        'req_seconds_bucket{le="0.01",route="/api/health",method="GET",status_code="200"} 1',
        'req_seconds_bucket{le="0.1",route="/api/health",method="GET",status_code="200"} 2',
        'req_seconds_bucket{le="1",route="/api/health",method="GET",status_code="200"} 3',
        'req_seconds_bucket{le="+Inf",route="/api/health",method="GET",status_code="200"} 4',
        // 0.0078125 + 0.0625 + 1 + 3
        'req_seconds_sum{route="/api/health",method="GET",status_code="200"} 4.0703125',
        'req_seconds_count{route="/api/health",method="GET",status_code="200"} 4',
        'req_seconds_bucket{le="0.01",route="/api/health",method="GET",status_code="503"} 0',
        'req_seconds_bucket{le="0.1",route="/api/health",method="GET",status_code="503"} 1',
        'req_seconds_bucket{le="1",route="/api/health",method="GET",status_code="503"} 1',
        'req_seconds_bucket{le="+Inf",route="/api/health",method="GET",status_code="503"} 1',
        'req_seconds_sum{route="/api/health",method="GET",status_code="503"} 0.05',
        'req_seconds_count{route="/api/health",method="GET",status_code="503"} 1',
        '',
      ].join('\n'),
    );
  });

  it('writes only its help and type before the first answer', () => {
    assert.equal(durations().exposition(), '# HELP req_seconds Request time\n# TYPE req_seconds histogram\n');
  });

  it('escapes backslashes, double quotes and line feeds in label values', () => {
    assert.equal(escapeLabelValue('a\\b"c\nd'), 'a\\\\b\\"c\\nd');
    const histogram = durations();
    histogram.observe('/x/"y"', 'GET', 404, 0.001);
    assert.match(
      histogram.exposition(),
      /req_seconds_count\{route="\/x\/\\"y\\"",method="GET",status_code="404"\} 1/,
    );
  });
});
