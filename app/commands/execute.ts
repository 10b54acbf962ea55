import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import { requireStorable } from '../../domain/shared/boundary.js'
import {
  commandScopesText,
  grantsCommand,
  type AnyCommandDefinition,
  type BlobWriter,
  type CatalogUsage,
  type PrepareEnv,
  type SecretStash,
  type StagedUploadReader,
} from '../../domain/shared/command.js'
import { DomainError, conflict } from '../../domain/shared/errors.js'
import { fold, type DomainEvent } from '../../domain/shared/event.js'
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
} from '../../infra/eventstore/port.js'
import { appendBatches } from './append-batches.js'
import type { CommandContext } from './context.js'
import { reservationOwner, reservationWrites } from './reservations.js'

export interface CommandResult {
  entityId: string
  /** The entity's stream, which names its category: what followers of the log decide by. */
  stream: string
  /** Append position of the command's events; null when the command changed nothing. */
  position: string | null
  /** Each event of the entity with its position: what read-your-writes waits for. */
  events: { type: string; position: string }[]
}

export const EVENT_SCHEMA_VERSION = 1

/**
 * The one command path (ARCHITECTURE.md, "The command path"): scope check, input validation,
 * load and fold the stream, decide, claim unique values, append with the expected revision.
 * A concurrent writer makes it decide once more on fresh state; a second clash is a CONFLICT.
 */
export async function executeCommand(
  store: EventStore,
  definition: AnyCommandDefinition,
  rawInput: unknown,
  ctx: CommandContext,
  catalogUsage?: CatalogUsage,
  blobs?: BlobWriter,
  stagedUploads?: StagedUploadReader,
  secrets?: SecretStash,
): Promise<CommandResult> {
  if (!grantsCommand(ctx.scopes, definition)) {
    throw new DomainError(
      'FORBIDDEN',
      `${definition.name} needs the ${commandScopesText(definition)} scope, which this credential does not have`,
    )
  }
  if (definition.storeScoped && !ctx.storeId) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `${definition.name} works on one store: select it with the X-Store header (store id or slug)`,
    )
  }
  const input = parseCommandInput(definition.input, rawInput)
  const env: PrepareEnv = {
    ctx,
    catalogUsage,
    blobs,
    stagedUploads,
    secrets,
    newId: () => uuidv7(),
    reservationOwner: (scope, key) => reservationOwner(store, scope, key),
    readStream: async (stream) =>
      (await store.readStream(stream)).map((e) => ({
        type: e.type,
        data: e.data,
        revision: e.revision,
        occurredAt: e.metadata.occurredAt,
        commandId: e.metadata.commandId,
        correlationId: e.metadata.correlationId,
      })),
  }

  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(store, definition, input, env, ctx)
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) && !isContendedClaim(error)) throw error
      if (attempt >= (definition.attempts ?? 2) - 1) {
        throw conflict(`${definition.name} clashed with a concurrent change to the same data; read it again and retry`)
      }
    }
  }
}

async function attemptOnce(
  store: EventStore,
  definition: AnyCommandDefinition,
  input: unknown,
  env: PrepareEnv,
  ctx: CommandContext,
): Promise<CommandResult> {
  const prepared = await definition.prepare(input, env)
  const history = await store.readStream(prepared.stream)
  const state = fold(
    definition.decider,
    history.map((e): DomainEvent => ({ type: e.type, data: e.data })),
  )
  const events = definition.decider.decide(prepared.command, state, ctx)
  if (events.length === 0) return { entityId: prepared.entityId, stream: prepared.stream, position: null, events: [] }

  const commandId = uuidv7()
  const envelope = (type: string, data: Record<string, unknown>): NewEvent => ({
    id: uuidv7(),
    type,
    data,
    metadata: {
      organizationId: ctx.organizationId,
      storeId: ctx.storeId,
      actor: ctx.actor,
      correlationId: ctx.correlationId,
      causationId: ctx.causationId,
      schemaVersion: EVENT_SCHEMA_VERSION,
      occurredAt: ctx.now.toISOString(),
      commandId,
    },
  })
  const uniqueness = definition.uniqueness?.(events, state, ctx) ?? []
  const reservations = await reservationWrites(store, uniqueness, envelope)
  // Past the event store's bound per append (a large theme's files), the events go in several
  // appends, each on the revision the one before left; the reservations travel with the last,
  // which completes the command (a theme's ThemeCreated comes last for this reason).
  const batches = appendBatches(events.map((event) => envelope(event.type, event.data as Record<string, unknown>)))
  let expectedRevision: ExpectedRevision = history.length ? history[history.length - 1]!.revision : 'no_stream'
  let position = ''
  const positions: string[] = []
  for (const [index, batch] of batches.entries()) {
    const last = index === batches.length - 1
    const result: AppendResult = await store
      .appendMany([{ stream: prepared.stream, expectedRevision, events: batch }, ...(last ? reservations : [])])
      .catch(async (error: unknown) => {
        if (positions.length) {
          const appended = events.slice(0, positions.length)
          await closeCutShort(store, prepared.stream, expectedRevision, definition.cutShort?.(appended) ?? [], envelope)
        }
        throw error
      })
    positions.push(...result.positions.slice(0, batch.length))
    expectedRevision = result.revisions[prepared.stream]!
    position = result.position
  }
  return {
    entityId: prepared.entityId,
    stream: prepared.stream,
    position,
    events: events.map((event: DomainEvent, index: number) => ({ type: event.type, position: positions[index]! })),
  }
}

/**
 * Appends what closes a command whose later append failed (`CommandDefinition.cutShort`), right
 * after its recorded events. When this append fails too (the store still away, or the failed append
 * went through after all and moved the stream), it is left: the command's error is what the caller
 * hears, and a sweep (for themes, `themeImportAbandon`) closes what stays open.
 */
async function closeCutShort(
  store: EventStore,
  stream: string,
  expectedRevision: ExpectedRevision,
  events: readonly DomainEvent[],
  envelope: (type: string, data: Record<string, unknown>) => NewEvent,
): Promise<void> {
  if (events.length === 0) return
  const closing = events.map((event) => envelope(event.type, event.data as Record<string, unknown>))
  await store.appendMany([{ stream, expectedRevision, events: closing }]).catch(() => undefined)
}

/** Another writer took a contended value (an order number) between our read and our write: run again. */
function isContendedClaim(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'CONFLICT' && error.details?.contended === true
}

/** The input as the schema parses it, or BAD_USER_INPUT naming the first field at fault (`input.<path>`) and every issue. */
export function parseCommandInput<Input>(schema: z.ZodType<Input>, raw: unknown): Input {
  requireStorable(raw, ['input'])
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)))
  const where = path.length ? `input.${path.join('.')}` : 'input'
  throw new DomainError('BAD_USER_INPUT', `${where}: ${issue.message}`, {
    field: ['input', ...path],
    details: {
      issues: parsed.error.issues.map((i) => ({ path: ['input', ...i.path.map(String)], message: i.message })),
    },
  })
}
