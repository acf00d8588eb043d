import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  HASH_CONCURRENCY,
  HASH_QUEUE_LIMIT,
  hashingLoad,
  hashPassword,
  PasswordCheckBusy,
  verifyPassword,
} from './password.js';

describe('password hashing under a flood', () => {
  it(`runs at most ${HASH_CONCURRENCY} at once, queues ${HASH_QUEUE_LIMIT}, and refuses the rest at once`, async () => {
    const stored = await hashPassword('Correct-Horse-Battery-9');
    let mostActive = 0;
    const watch = setInterval(() => (mostActive = Math.max(mostActive, hashingLoad().active)), 1);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        verifyPassword(stored, i === 0 ? 'Correct-Horse-Battery-9' : `wrong-${i}`).then(
          (valid) => ({ valid }),
          (error: unknown) => ({ error }),
        ),
      ),
    );
    clearInterval(watch);
    const refused = outcomes.filter((outcome) => 'error' in outcome);
    const checked = outcomes.filter((outcome): outcome is { valid: boolean } => 'valid' in outcome);
    assert.ok(refused.every((outcome) => 'error' in outcome && outcome.error instanceof PasswordCheckBusy));
    assert.ok(checked.length <= HASH_CONCURRENCY + HASH_QUEUE_LIMIT, `${checked.length} checked`);
    assert.ok(refused.length >= 40 - HASH_CONCURRENCY - HASH_QUEUE_LIMIT);
    assert.ok(mostActive <= HASH_CONCURRENCY, `${mostActive} hashes ran at once`);
    assert.deepEqual(outcomes[0], { valid: true }, 'the first, right password is checked and accepted');
    assert.ok(checked.slice(1).every((outcome) => outcome.valid === false));
    assert.deepEqual(hashingLoad(), { active: 0, pending: 0 });
  });
});
