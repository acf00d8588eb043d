/**
 * Seeded randomness: the one generator of the simulated market and the ML code's seeded sampling
 * and perturbations. A market stream is keyed by text (seed, date, symbol, purpose), so any day of
 * any instrument can be regenerated on its own, in any order, after a restart: the same key always
 * gives the same numbers.
 */

/** cyrb53 (a fast, well-mixed string hash), folded to 32 bits. */
function hashKey(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/**
 * A seeded stream: mulberry32 (uniform numbers in [0, 1) from a 32-bit state, a small fast PRNG)
 * and standard normal numbers from it by Box-Muller, two per pair of uniforms.
 */
export class RandomStream {
  private state: number;
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  uniform(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    // 1 - u is in (0, 1]: the logarithm stays finite.
    const radius = Math.sqrt(-2 * Math.log(1 - this.uniform()));
    const angle = 2 * Math.PI * this.uniform();
    this.spare = radius * Math.sin(angle);
    this.hasSpare = true;
    return radius * Math.cos(angle);
  }
}

/** The stream for a key, e.g. `randomStream(seed, '2026-11-20', 'RELIANCE', 'intraday')`. */
export function randomStream(...key: Array<string | number>): RandomStream {
  return new RandomStream(hashKey(key.join('|')));
}
