/**
 * Training through the worker process: a separable dataset comes back as an ensemble that calls
 * its cases right, with a monotone calibration (steps of at least 50 outcomes, strictly between 0
 * and 1), out-of-sample metrics and skill; bad input is refused with the worker's own message; the
 * process does not outlive a server killed in mid-training.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { calibrate, MIN_STEP_OUTCOMES } from './calibration.js';
import { Ensemble, MODEL_NAMES } from './ensemble.js';
import { trainInWorker } from './trainer.js';

/** A seeded uniform generator in [0, 1) (a small LCG), so the data are the same every run. */
function uniform(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** 3 features; a row wins when x0 > 0.2, with a clear margin (|x0 − 0.2| ≥ 0.15); x1, x2 are noise. */
function separable(n: number, seed: number) {
  const next = uniform(seed);
  const rows: number[][] = [];
  const labels: number[] = [];
  while (rows.length < n) {
    const x0 = next() * 2 - 1;
    if (Math.abs(x0 - 0.2) < 0.15) continue;
    rows.push([x0, next() * 2 - 1, next() * 2 - 1]);
    labels.push(x0 > 0.2 ? 1 : 0);
  }
  return { rows, labels };
}

describe('trainInWorker', () => {
  it('fits a separable dataset in the worker: right calls, a monotone calibration, out-of-sample metrics and skill', async () => {
    // 600 rows: the walk-forward holds out the newest 300 in three folds of 100, about 38% wins. The
    // final map has a step of wins and one of losses, each of at least MIN_STEP_OUTCOMES; the Brier
    // skill scores fold 1 by fold 0's map (one step: too few wins) and fold 2 by the map of folds
    // 0 and 1 (two steps).
    const { rows, labels } = separable(600, 1);
    const result = await trainInWorker({ rows, labels });
    const ensemble = Ensemble.fromJSON(result.ensemble);
    const test = separable(60, 2);
    test.rows.forEach((row, i) => {
      const { probability } = ensemble.predict(row);
      assert.equal(probability >= 0.5 ? 1 : 0, test.labels[i], `row ${row.join(', ')}: ${probability}`);
    });
    const { thresholds, values, counts } = result.calibration;
    for (let i = 1; i < values.length; i++) {
      assert.ok(values[i]! >= values[i - 1]!, 'calibrated values never fall');
      assert.ok(thresholds[i]! > thresholds[i - 1]!, 'thresholds rise');
    }
    assert.ok(
      values.every((v) => v > 0 && v < 1),
      `no 0 or 1: ${values.join(', ')}`,
    );
    assert.ok(
      counts.every((n) => n >= MIN_STEP_OUTCOMES),
      `steps of ${counts.join(', ')}`,
    );
    assert.equal(
      counts.reduce((sum, n) => sum + n, 0),
      300,
    );
    assert.ok(calibrate(result.calibration, 0.95) > calibrate(result.calibration, 0.05));
    // Perfectly ranked out of sample, and its calibrated probabilities beat the base rate.
    const { skill } = result.metrics;
    assert.equal(skill.samples, 300);
    assert.ok(skill.auc !== null && skill.auc > 0.99, `AUC ${skill.auc}`);
    assert.ok(skill.brierSkill !== null && skill.brierSkill > 0.3, `Brier skill ${skill.brierSkill}`);
    assert.equal(skill.hasSkill, true);
    assert.equal(result.metrics.samples, 600);
    assert.ok(result.metrics.accuracy > 0.9, `accuracy ${result.metrics.accuracy}`);
    assert.ok(result.metrics.brier < 0.1, `brier ${result.metrics.brier}`);
    assert.ok(result.metrics.logLoss < 0.4, `log loss ${result.metrics.logLoss}`);
    // Each member measured out of sample; the shallow forest's trees see one of the three features
    // each (maxFeatures 0.5), so most of them cannot see x0 and it is the weak member here.
    for (const name of MODEL_NAMES) {
      const { accuracy } = result.metrics.perModel[name];
      assert.ok(name === 'shallow_forest' ? accuracy > 0.5 : accuracy > 0.95, `${name}: ${accuracy}`);
    }
    assert.ok(result.durationMs > 0);
  });

  it("rejects with the worker's message when the labels are not 0/1", async () => {
    await assert.rejects(
      trainInWorker({ rows: [[1], [2]], labels: [0, 2] }),
      /ml training failed: .*labels/s,
    );
  });

  it('rejects when there are too few rows to validate', async () => {
    await assert.rejects(trainInWorker({ rows: [[1], [2], [3]], labels: [0, 1, 0] }), /too few rows/);
  });

  it('ends the training process within seconds when its server is killed (SIGKILL) in mid-training', async () => {
    // A server (a process of its own) trains on 3,000 rows: about half a minute of computing.
    const trainer = pathToFileURL(fileURLToPath(new URL('./trainer.ts', import.meta.url))).href;
    const server = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { trainInWorker } from ${JSON.stringify(trainer)};
let state = 7;
const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const rows = Array.from({ length: 3000 }, () => Array.from({ length: 8 }, next));
await trainInWorker({ rows, labels: rows.map((row) => (row[0] + 0.3 * next() > 0.6 ? 1 : 0)) });`,
      ],
      { stdio: 'ignore' },
    );
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** A process's parent and CPU seconds so far; null when it is gone (or a zombie, dead but not yet reaped). */
    const stat = (pid: number) => {
      try {
        const fields = fs
          .readFileSync(`/proc/${pid}/stat`, 'utf8')
          .replace(/^.*\) /s, '')
          .split(' ');
        if (fields[0] === 'Z') return null;
        return { ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
      } catch {
        return null;
      }
    };
    let worker: number | null = null;
    try {
      const until = Date.now() + 60_000;
      // The training process: the server's child, once it has computed for 4 s (loaded: training).
      while (worker === null || (stat(worker)?.cpuSeconds ?? 0) < 4) {
        assert.ok(Date.now() < until, 'the training process did not start training');
        assert.equal(server.exitCode, null, 'the server process ended');
        worker ??=
          fs
            .readdirSync('/proc')
            .filter((name) => /^\d+$/.test(name))
            .map(Number)
            .find((pid) => stat(pid)?.ppid === server.pid) ?? null;
        await sleep(100);
      }
      server.kill('SIGKILL');
      const killedAt = Date.now();
      while (stat(worker) !== null && Date.now() - killedAt < 5_000) await sleep(100);
      assert.equal(stat(worker), null, 'the training process still runs 5 s after its server was killed');
    } finally {
      server.kill('SIGKILL');
      if (worker !== null && stat(worker) !== null) process.kill(worker, 'SIGKILL');
    }
  });
});
