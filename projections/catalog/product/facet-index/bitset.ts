/**
 * A set of small non-negative integers (a store's product ordinals) as 32-bit words: intersections
 * and counts over 10,000 products are a few hundred word operations, where SQL scans rows.
 */
export class Bitset {
  readonly words: Uint32Array

  constructor(readonly size: number) {
    this.words = new Uint32Array(Math.ceil(size / 32))
  }

  static full(size: number): Bitset {
    const set = new Bitset(size)
    set.words.fill(0xffffffff)
    const spare = set.words.length * 32 - size
    if (spare > 0) set.words[set.words.length - 1] = 0xffffffff >>> spare
    return set
  }

  add(ordinal: number): void {
    this.words[ordinal >>> 5]! |= 1 << (ordinal & 31)
  }

  has(ordinal: number): boolean {
    return (this.words[ordinal >>> 5]! & (1 << (ordinal & 31))) !== 0
  }

  /** This set narrowed to `other`, in place. */
  and(other: Bitset): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! &= other.words[i]!
    return this
  }

  /** This set widened by `other`, in place. */
  or(other: Bitset): this {
    for (let i = 0; i < this.words.length; i++) this.words[i]! |= other.words[i]!
    return this
  }

  copy(): Bitset {
    const set = new Bitset(this.size)
    set.words.set(this.words)
    return set
  }

  count(): number {
    let total = 0
    for (const word of this.words) total += popcount(word)
    return total
  }

  /** How many members this set shares with `other`, without building the intersection. */
  countAnd(other: Bitset): number {
    let total = 0
    for (let i = 0; i < this.words.length; i++) total += popcount(this.words[i]! & other.words[i]!)
    return total
  }

  *[Symbol.iterator](): IterableIterator<number> {
    for (let i = 0; i < this.words.length; i++) {
      let word = this.words[i]!
      while (word !== 0) {
        const low = word & -word
        yield i * 32 + (31 - Math.clz32(low))
        word ^= low
      }
    }
  }
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
