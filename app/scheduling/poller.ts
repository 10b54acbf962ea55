import type { Logger } from '../../infra/logging/logger.js'

export interface PollerOptions {
  intervalMs: number
  logger: Logger
  /** One poll; answers how many things it changed. */
  tick(): Promise<number>
  /** The log line of a poll that changed something, e.g. 'published scheduled entities'. */
  changed: string
  /** The log line of a poll that failed. */
  failed: string
}

/**
 * Runs a poll every `intervalMs` with nobody calling, one at a time: the next waits for the one
 * before. Used by the schedulers that act when a moment passes (publishing, ending stock holds).
 */
export class Poller {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private halted = false

  constructor(private readonly options: PollerOptions) {}

  /** Whether `stop` was called: a poll in progress checks it between items. */
  get stopped(): boolean {
    return this.halted
  }

  /**
   * Acts on each item of a poll in turn and answers how many it changed. It stops between items once
   * `stop` is called; an item that fails is logged as `failed` with `about(item)` and does not hold
   * up the others (the next poll retries it).
   *
   * @example await poller.each(due, (hold) => end(hold), 'ending failed', (hold) => ({ orderId: hold.orderId }))
   */
  async each<Item>(
    items: readonly Item[],
    act: (item: Item) => Promise<boolean>,
    failed: string,
    about: (item: Item) => Record<string, unknown>,
  ): Promise<number> {
    let changed = 0
    for (const item of items) {
      if (this.halted) break
      try {
        if (await act(item)) changed++
      } catch (error) {
        this.options.logger.warn({ err: error, ...about(item) }, failed)
      }
    }
    return changed
  }

  start(): void {
    this.halted = false
    this.schedule()
  }

  /** Stops polling and waits for a poll in progress, so the platform can close under it. */
  async stop(): Promise<void> {
    this.halted = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  private schedule(): void {
    if (this.halted) return
    this.timer = setTimeout(() => {
      this.running = this.options
        .tick()
        .then((changed) => {
          if (changed) this.options.logger.info({ changed }, this.options.changed)
        })
        .catch((error: unknown) => this.options.logger.error({ err: error }, this.options.failed))
        .finally(() => {
          this.running = null
          this.schedule()
        })
    }, this.options.intervalMs)
    // A pending poll must not keep a CLI process alive on its own.
    this.timer.unref()
  }
}

/**
 * A scheduler that polls with a `Poller`: `start` and `stop` it; a subclass says what one poll
 * (`tick`) does, and may act on each due item through `poller.each`.
 *
 * @example class ReservationExpiry extends PollingScheduler { tick(now = new Date()) { … } }
 */
export abstract class PollingScheduler {
  protected readonly poller: Poller

  /** `lines` are the log lines of a poll that changed something and of one that failed. */
  constructor(timing: { intervalMs: number; logger: Logger }, lines: { changed: string; failed: string }) {
    const { intervalMs, logger } = timing
    this.poller = new Poller({ intervalMs, logger, ...lines, tick: () => this.tick() })
  }

  /** One poll at `now`: answers how many things it changed. */
  abstract tick(now?: Date): Promise<number>

  start(): void {
    this.poller.start()
  }

  /** Stops polling and waits for a poll in progress, so the platform can close under it. */
  stop(): Promise<void> {
    return this.poller.stop()
  }
}
