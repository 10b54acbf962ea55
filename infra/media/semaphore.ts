/**
 * At most `permits` pieces of work at once; the rest wait in arrival order. Image work is CPU
 * and memory heavy, so a burst of uploads queues here instead of starving the event loop's
 * other requests of cores and the process of memory.
 */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly permits: number) {
    if (!Number.isInteger(permits) || permits < 1)
      throw new Error(`a semaphore needs at least one permit; got ${permits}`)
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.permits) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.active++
    try {
      return await work()
    } finally {
      // Hand the permit straight to the next in line, so it is never free while someone waits.
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}
