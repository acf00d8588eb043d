/**
 * The set-password form's generator (specification part 1, section 5): 16-character passwords with
 * all four character classes, drawn from the browser's cryptographic random source.
 *
 * Characters that are easy to misread when copied by hand (l, I, O, 0, 1) are left out, and so are
 * quotes, backslash and space, which trouble shells and password managers. What is left still
 * gives about 100 bits for 16 characters.
 */

export const GENERATED_PASSWORD_LENGTH = 16;

export const PASSWORD_CHARACTER_CLASSES = {
  lowercase: 'abcdefghijkmnopqrstuvwxyz',
  uppercase: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digit: '23456789',
  symbol: '!@#$%^&*()-_=+[]{};:,.?',
} as const;

const ALL_CHARACTERS = Object.values(PASSWORD_CHARACTER_CLASSES).join('');

/** Fills an array with random 32-bit values (the shape of `crypto.getRandomValues`). */
export type RandomSource = (values: Uint32Array) => Uint32Array;

const cryptoSource: RandomSource = (values) => crypto.getRandomValues(values);

const RANGE = 2 ** 32;

/**
 * A uniform integer in [0, count). Plain `random % count` favours small results whenever `count`
 * does not divide 2^32, so values from the incomplete last block are drawn again (rejection
 * sampling).
 */
export function randomIndex(count: number, source: RandomSource = cryptoSource): number {
  if (!Number.isInteger(count) || count <= 0 || count > RANGE)
    throw new RangeError(`Cannot pick from ${count} items`);
  const limit = RANGE - (RANGE % count);
  const draw = new Uint32Array(1);
  for (;;) {
    const value = source(draw)[0] as number;
    if (value < limit) return value % count;
  }
}

/**
 * One character of each class, the rest from all of them, then an unbiased shuffle so the
 * guaranteed characters do not sit at predictable positions.
 */
export function generatePassword(
  length: number = GENERATED_PASSWORD_LENGTH,
  source: RandomSource = cryptoSource,
): string {
  const classes = Object.values(PASSWORD_CHARACTER_CLASSES);
  if (length < classes.length) throw new RangeError(`A password needs at least ${classes.length} characters`);
  const pick = (characters: string) => characters[randomIndex(characters.length, source)] as string;
  const chars = classes.map(pick);
  while (chars.length < length) chars.push(pick(ALL_CHARACTERS));
  // Fisher-Yates.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomIndex(i + 1, source);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
