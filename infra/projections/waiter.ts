import { comparePositions } from '../eventstore/port.js'
import type { Database } from '../database/database.js'
import type { Projection } from './projection.js'
import { CHECKPOINT_CHANNEL, type CheckpointRow } from './schema.js'

interface Waiting {
  position: string
  names: string[]
  resolve: (reached: boolean) => void
  timer: NodeJS.Timeout
}

/**
 * Read-your-writes: a transport that appended at position P waits here until every projection
 * that consumes the written event types has a checkpoint at or past P. Checkpoints arrive from
 * the in-process runner directly and from other processes through NOTIFY, with a poll as the
 * fallback for a lost notification.
 */
export class ReadModelWaiter {
  private readonly checkpoints = new Map<string, string>()
  private readonly waiting = new Set<Waiting>()
  private unlisten: (() => Promise<void>) | null = null
  private poller: NodeJS.Timeout | null = null

  constructor(
    private readonly database: Database,
    private readonly projections: readonly Projection[],
    private readonly pollMs = 200,
  ) {}

  async start(): Promise<void> {
    await this.refresh()
    this.unlisten = await this.database.listen(CHECKPOINT_CHANNEL, (payload) => {
      const space = payload.indexOf(' ')
      if (space > 0) this.observe(payload.slice(0, space), payload.slice(space + 1))
    })
  }

  async stop(): Promise<void> {
    await this.unlisten?.()
    if (this.poller) clearInterval(this.poller)
    for (const w of this.waiting) this.settle(w, false)
  }

  observe(name: string, position: string): void {
    if (comparePositions(position, this.checkpoints.get(name)) <= 0) return
    this.checkpoints.set(name, position)
    for (const w of this.waiting) if (this.reached(w)) this.settle(w, true)
  }

  /**
   * Resolves true once the projections consuming `eventTypes` (or all of them, with `all`) caught
   * up with `position`, false after `timeoutMs`.
   */
  waitFor(position: string, eventTypes: readonly string[], timeoutMs: number, all = false): Promise<boolean> {
    const names = this.projections
      .filter((p) => all || p.eventTypes === '*' || p.eventTypes.some((t) => eventTypes.includes(t)))
      .map((p) => p.name)
    const probe = { position, names } as Waiting
    if (this.reached(probe)) return Promise.resolve(true)
    return new Promise((resolve) => {
      const waiting: Waiting = { position, names, resolve, timer: setTimeout(() => this.settle(waiting, false), timeoutMs) }
      this.waiting.add(waiting)
      this.poller ??= setInterval(() => void this.refresh(), this.pollMs)
    })
  }

  private reached(w: Pick<Waiting, 'position' | 'names'>): boolean {
    return w.names.every((name) => comparePositions(this.checkpoints.get(name), w.position) >= 0)
  }

  private settle(w: Waiting, reached: boolean): void {
    clearTimeout(w.timer)
    this.waiting.delete(w)
    w.resolve(reached)
    if (this.waiting.size === 0 && this.poller) {
      clearInterval(this.poller)
      this.poller = null
    }
  }

  private async refresh(): Promise<void> {
    const rows = (await this.database.db.selectFrom('projection_checkpoints').select(['name', 'position']).execute().catch(() => [])) as Pick<CheckpointRow, 'name' | 'position'>[]
    for (const row of rows) if (row.position) this.observe(row.name, row.position)
  }
}
