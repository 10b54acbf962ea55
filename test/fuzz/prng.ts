/**
 * A small seeded PRNG (mulberry32): the same seed gives the same cases on every machine, so a
 * failure found by a random long run is replayed with `FUZZ_SEED=<seed>`.
 */
export class Rng {
  private state: number

  constructor(readonly seed: number) {
    this.state = seed >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick from an empty list')
    return items[this.int(items.length)]!
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
    }
    return copy.slice(0, count)
  }

  /** A random version 4 UUID, from this generator (reproducible). */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16))
    hex[12] = '4'
    hex[16] = '89ab'[this.int(4)]!
    const s = hex.join('')
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
  }
}

/** The seed from `FUZZ_SEED`, else `fallback` (a fixed one for CI, a random one for the long form). */
export function seedFrom(env: string | undefined, fallback: () => number): number {
  const parsed = env ? Number.parseInt(env, 10) : Number.NaN
  return Number.isFinite(parsed) ? parsed >>> 0 : fallback() >>> 0
}
