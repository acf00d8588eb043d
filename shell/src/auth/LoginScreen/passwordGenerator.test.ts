import { PASSWORD_MIN_STRENGTH, passwordStrength } from '@nivesh/api-contract';
import {
  GENERATED_PASSWORD_LENGTH,
  PASSWORD_CHARACTER_CLASSES,
  generatePassword,
  randomIndex,
  type RandomSource,
} from './passwordGenerator';

const { lowercase, uppercase, digit, symbol } = PASSWORD_CHARACTER_CLASSES;
const ALLOWED = new Set([...lowercase, ...uppercase, ...digit, ...symbol]);
const RUNS = 500;

/** A source that hands out the given values in turn. */
function scripted(values: number[]): RandomSource & { calls: number } {
  const source = Object.assign(
    (array: Uint32Array) => {
      array[0] = values[source.calls % values.length] as number;
      source.calls += 1;
      return array;
    },
    { calls: 0 },
  );
  return source;
}

describe('generatePassword', () => {
  it('makes 16-character passwords', () => {
    expect(GENERATED_PASSWORD_LENGTH).toBe(16);
    for (let run = 0; run < RUNS; run += 1) expect(generatePassword()).toHaveLength(16);
  });

  it('always has a lowercase letter, an uppercase letter, a digit and a symbol', () => {
    for (let run = 0; run < RUNS; run += 1) {
      const password = generatePassword();
      expect([...password].some((c) => lowercase.includes(c))).toBe(true);
      expect([...password].some((c) => uppercase.includes(c))).toBe(true);
      expect([...password].some((c) => digit.includes(c))).toBe(true);
      expect([...password].some((c) => symbol.includes(c))).toBe(true);
    }
  });

  it('uses only characters from the allowed sets', () => {
    for (let run = 0; run < RUNS; run += 1) {
      const outside = [...generatePassword()].filter((c) => !ALLOWED.has(c));
      expect(outside).toEqual([]);
    }
  });

  it('leaves out look-alike characters, quotes, backslash and space', () => {
    for (const c of ['l', 'I', 'O', '0', '1', '"', "'", '`', '\\', ' ']) expect(ALLOWED.has(c)).toBe(false);
  });

  it('always scores Strong (100), above the set-password minimum', () => {
    for (let run = 0; run < RUNS; run += 1) {
      const strength = passwordStrength(generatePassword());
      expect(strength).toEqual({ score: 100, label: 'Strong' });
      expect(strength.score).toBeGreaterThanOrEqual(PASSWORD_MIN_STRENGTH);
    }
  });

  it('draws from crypto.getRandomValues', () => {
    const spy = jest.spyOn(crypto, 'getRandomValues');
    generatePassword();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('does not repeat itself', () => {
    const passwords = new Set(Array.from({ length: RUNS }, () => generatePassword()));
    expect(passwords.size).toBe(RUNS);
  });

  it('puts the guaranteed characters at varying positions (shuffled)', () => {
    const firstIsLowercase = Array.from({ length: RUNS }, () =>
      lowercase.includes(generatePassword()[0] as string),
    );
    expect(firstIsLowercase.some(Boolean)).toBe(true);
    expect(firstIsLowercase.every(Boolean)).toBe(false);
  });

  it('refuses a length too short to hold all four classes', () => {
    expect(() => generatePassword(3)).toThrow(RangeError);
  });
});

describe('randomIndex', () => {
  it('draws again when the value falls in the incomplete last block (no modulo bias)', () => {
    // 2^32 leaves remainder 1 when divided by 3, so 2^32 - 1 is the one value to reject.
    const source = scripted([2 ** 32 - 1, 2 ** 32 - 1, 7]);
    expect(randomIndex(3, source)).toBe(7 % 3);
    expect(source.calls).toBe(3);
  });

  it('keeps the largest value of the last complete block', () => {
    const source = scripted([2 ** 32 - 2]);
    expect(randomIndex(3, source)).toBe((2 ** 32 - 2) % 3);
    expect(source.calls).toBe(1);
  });

  it('accepts every value when the count divides 2^32', () => {
    const source = scripted([2 ** 32 - 1]);
    expect(randomIndex(16, source)).toBe(15);
    expect(source.calls).toBe(1);
  });

  it('spreads draws evenly over the range', () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i += 1) {
      const index = randomIndex(10);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    for (const count of counts) {
      expect(count).toBeGreaterThan(1600);
      expect(count).toBeLessThan(2400);
    }
  });

  it('refuses an empty range', () => {
    expect(() => randomIndex(0)).toThrow(RangeError);
  });
});
