import { sql } from 'kysely'
import type { Actor } from '../../domain/shared/context.js'
import { DomainError } from '../../domain/shared/errors.js'
import type { Reaction } from '../../domain/shared/reaction.js'
import type { CommandContext } from '../commands/context.js'
import type { CommandResult } from '../commands/execute.js'
import type { AnyDb } from '../../infra/database/database.js'
import {
  comparePositions,
  type EventStore,
  type RecordedEvent,
  type Subscription,
} from '../../infra/eventstore/port.js'
import type { Logger } from '../../infra/logging/logger.js'

/** Who runs a reaction's commands, as the audit log shows it. */
export const REACTOR_ACTOR: Actor = { type: 'system', id: 'reactor', name: 'platform reactions' }

export interface ReactorOptions {
  db: AnyDb
  eventStore: EventStore
  reactions: readonly Reaction[]
  logger: Logger
  /** The platform's command path: reactions write through the registry like any client. */
  execute(name: string, input: unknown, ctx: CommandContext): Promise<CommandResult>
  /**
   * Resolves once the read models (and the write's other followers) show a command's result: a
   * reaction that is part of the write waits for it before it moves on.
   */
  settle(result: CommandResult): Promise<unknown>
}

/** A write waiting until a reaction that is part of it has handled its events. */
interface Waiter {
  position: string
  done(reached: boolean): void
}

/** How far a reaction that is part of the write has got in this process, and who waits for more. */
interface Progress {
  handled: string | null
  waiting: Set<Waiter>
}

/**
 * Runs reactions (domain/shared/reaction.ts) wherever projections run. Each follows the log from
 * its own checkpoint, runs the commands an event asks for, then moves the checkpoint past it:
 * a crash in between delivers the event again, and the idempotent command changes nothing.
 * Several nodes may run the same reaction at once for the same reason; the checkpoint only
 * moves forward. A command refused by the domain (the store is gone, say) is logged and passed;
 * any other failure retries the batch from the checkpoint.
 */
export class Reactor {
  private readonly subscriptions: Subscription[] = []
  private readonly progress = new Map<string, Progress>()

  constructor(private readonly options: ReactorOptions) {}

  /**
   * A write's follower (Platform.followWrites): true once every reaction that is part of the write
   * and reacts to one of its events has handled it here and its commands show in the read models;
   * false after `timeoutMs`. Writes no such reaction reacts to answer at once.
   */
  async waitFor(result: CommandResult, timeoutMs: number): Promise<boolean> {
    const waits = this.options.reactions.flatMap((reaction) => {
      const progress = this.progress.get(reaction.name)
      const positions = result.events
        .filter((event) => reaction.eventTypes.includes(event.type))
        .map((event) => event.position)
      const last = positions.sort(comparePositions).at(-1)
      return progress && last ? [handledPast(progress, last, timeoutMs)] : []
    })
    return (await Promise.all(waits)).every(Boolean)
  }

  async start(): Promise<void> {
    for (const reaction of this.options.reactions) {
      const from = await readCheckpoint(this.options.db, reaction.name)
      if (reaction.partOfTheWrite) this.progress.set(reaction.name, { handled: from, waiting: new Set() })
      this.subscriptions.push(
        this.options.eventStore.subscribe({
          from,
          filter: { eventTypes: reaction.eventTypes },
          onEvents: (events) => this.handle(reaction, events),
          onError: (error) =>
            this.options.logger.warn(
              { reaction: reaction.name, err: error },
              'reaction failed; retrying from its checkpoint',
            ),
        }),
      )
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.close()))
    for (const progress of this.progress.values()) for (const waiter of progress.waiting) waiter.done(false)
    this.progress.clear()
  }

  private async handle(reaction: Reaction, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const commands = await reaction.react({
        type: event.type,
        data: event.data,
        organizationId: event.metadata.organizationId,
        storeId: event.metadata.storeId,
        position: event.position,
      })
      for (const command of commands) {
        const ctx: CommandContext = {
          organizationId: command.organizationId,
          storeId: command.storeId,
          actor: REACTOR_ACTOR,
          scopes: [...reaction.scopes],
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          now: new Date(),
        }
        try {
          const result = await this.options.execute(command.command, command.input, ctx)
          if (reaction.partOfTheWrite) await this.options.settle(result)
        } catch (error) {
          // A database that is restarting refuses nothing: the event is retried, not passed.
          if (
            !(error instanceof DomainError) ||
            error.code === 'INTERNAL_SERVER_ERROR' ||
            error.code === 'SERVICE_UNAVAILABLE'
          )
            throw error
          this.options.logger.warn(
            { reaction: reaction.name, eventId: event.id, command: command.command, err: error },
            'reaction command refused; passing the event',
          )
        }
      }
      await saveCheckpoint(this.options.db, reaction.name, event.position)
      const progress = this.progress.get(reaction.name)
      if (progress) handled(progress, event.position)
    }
  }
}

/** Resolves true once `progress` has handled `position`, false after `timeoutMs`. */
function handledPast(progress: Progress, position: string, timeoutMs: number): Promise<boolean> {
  if (progress.handled !== null && comparePositions(progress.handled, position) >= 0) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => waiter.done(false), timeoutMs)
    const waiter: Waiter = {
      position,
      done(reached) {
        clearTimeout(timer)
        progress.waiting.delete(waiter)
        resolve(reached)
      },
    }
    progress.waiting.add(waiter)
  })
}

/** `progress` has handled `position`: the writes waiting for it or less go on. */
function handled(progress: Progress, position: string): void {
  progress.handled = position
  for (const waiter of progress.waiting) if (comparePositions(waiter.position, position) <= 0) waiter.done(true)
}

export async function readCheckpoint(db: AnyDb, name: string): Promise<string | null> {
  const { rows } = await sql<{
    position: string
  }>`select position from reaction_checkpoints where name = ${name}`.execute(db)
  return rows[0]?.position ?? null
}

async function saveCheckpoint(db: AnyDb, name: string, position: string): Promise<void> {
  await sql`
    insert into reaction_checkpoints (name, position) values (${name}, ${position})
    on conflict (name) do update set position = excluded.position, updated_at = now()
    where reaction_checkpoints.position < excluded.position
  `.execute(db)
}
