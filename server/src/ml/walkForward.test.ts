import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { walkForward, walkForwardFolds } from './walkForward.js';

describe('walkForwardFolds', () => {
  it('slides a fixed window and tests the next block, the last block shorter', () => {
    assert.deepEqual(walkForwardFolds(10, { trainSize: 4, testSize: 3 }), [
      { trainStart: 0, trainEnd: 4, testStart: 4, testEnd: 7 },
      { trainStart: 3, trainEnd: 7, testStart: 7, testEnd: 10 },
    ]);
    assert.deepEqual(walkForwardFolds(11, { trainSize: 4, testSize: 3, gap: 1, expanding: true }), [
      { trainStart: 0, trainEnd: 4, testStart: 5, testEnd: 8 },
      { trainStart: 0, trainEnd: 7, testStart: 8, testEnd: 11 },
    ]);
  });

  it('never trains on a sample it tests, nor on one after it, and tests every sample past the first window once', () => {
    for (const options of [
      { trainSize: 5, testSize: 2 },
      { trainSize: 3, testSize: 4, gap: 2 },
      { trainSize: 6, testSize: 1, expanding: true },
    ]) {
      const folds = walkForwardFolds(23, options);
      const tested: number[] = [];
      for (const fold of folds) {
        for (let t = fold.testStart; t < fold.testEnd; t++) {
          tested.push(t);
          assert.ok(fold.trainEnd + (options.gap ?? 0) <= t && fold.trainStart <= fold.trainEnd);
        }
      }
      const first = options.trainSize + (options.gap ?? 0);
      assert.deepEqual(
        tested,
        Array.from({ length: 23 - first }, (_, i) => first + i),
      );
    }
  });

  it('refuses sizes that are not positive integers', () => {
    assert.throws(() => walkForwardFolds(10, { trainSize: 0, testSize: 2 }), RangeError);
    assert.throws(() => walkForwardFolds(10, { trainSize: 3, testSize: 1.5 }), RangeError);
  });
});

describe('walkForward', () => {
  it('gives out-of-sample predictions of each block from a model fitted on the past only', () => {
    // 1 feature; the label is the feature's sign. Rows 0-29 carry a signal, then the rule flips:
    // a model that had seen the future block would call it right, one fitted on the past calls it wrong.
    const rows: number[][] = [];
    const labels: number[] = [];
    for (let i = 0; i < 40; i++) {
      const x = i % 2 === 0 ? -1 - (i % 5) / 10 : 1 + (i % 7) / 10;
      rows.push([x]);
      labels.push(i < 30 ? (x > 0 ? 1 : 0) : x > 0 ? 0 : 1);
    }
    const result = walkForward(rows, labels, { trainSize: 20, testSize: 10, ensemble: { k: 3 } });
    assert.deepEqual(
      result.predictions.map((p) => p.index),
      Array.from({ length: 20 }, (_, i) => 20 + i),
    );
    const rightIn = (from: number, to: number) =>
      result.predictions.filter(
        (p) => p.index >= from && p.index < to && (p.probability >= 0.5 ? 1 : 0) === p.label,
      ).length;
    assert.equal(rightIn(20, 30), 10); // same rule as its past
    assert.equal(rightIn(30, 40), 0); // the flipped rule, unseen in its window 10-29
  });

  it('skips a fold whose window holds only one outcome', () => {
    const rows = Array.from({ length: 12 }, (_, i) => [i]);
    const labels = [0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0];
    const result = walkForward(rows, labels, { trainSize: 6, testSize: 3 });
    assert.deepEqual(result.skippedFolds, [0]);
    assert.deepEqual(
      result.predictions.map((p) => p.index),
      [9, 10, 11],
    );
  });
});
