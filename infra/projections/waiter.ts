import { comparePositions } from '../eventstore/port.js'
import type { Database } from '../database/database.js'
import type { Projection } from './projection.js'
import { CHECKPOINT_CHANNEL, type CheckpointRow } from './schema.js'

interface Waiting {
  /** Projection name → the position it must reach. */
  targets: Map<string, string>
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
    for (const w of this.waiting) if (this.reached(w.targets)) this.settle(w, true)
  }

  /**
   * Resolves true once every projection that consumes one of `events` has a checkpoint at or past
   * the last such event, false after `timeoutMs`. A projection's checkpoint only moves over the
   * events it consumes, so each is awaited at its own target, not at the command's last event.
   */
  waitFor(events: readonly { type: string; position: string }[], timeoutMs: number): Promise<boolean> {
    const targets = new Map<string, string>()
    for (const projection of this.projections) {
      for (const event of events) {
        if (projection.eventTypes !== '*' && !projection.eventTypes.includes(event.type)) continue
        if (comparePositions(event.position, targets.get(projection.name)) > 0)
          targets.set(projection.name, event.position)
      }
    }
    if (this.reached(targets)) return Promise.resolve(true)
    return new Promise((resolve) => {
      const waiting: Waiting = { targets, resolve, timer: setTimeout(() => this.settle(waiting, false), timeoutMs) }
      this.waiting.add(waiting)
      this.poller ??= setInterval(() => void this.refresh(), this.pollMs)
    })
  }

  /** The last checkpoint seen for a projection. */
  checkpoint(name: string): string | null {
    return this.checkpoints.get(name) ?? null
  }

  private reached(targets: ReadonlyMap<string, string>): boolean {
    for (const [name, position] of targets) if (comparePositions(this.checkpoints.get(name), position) < 0) return false
    return true
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

  async refresh(): Promise<void> {
    const rows = (await this.database.db
      .selectFrom('projection_checkpoints')
      .select(['name', 'position'])
      .execute()
      .catch(() => [])) as Pick<CheckpointRow, 'name' | 'position'>[]
    for (const row of rows) if (row.position) this.observe(row.name, row.position)
  }
}
