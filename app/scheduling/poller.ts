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
