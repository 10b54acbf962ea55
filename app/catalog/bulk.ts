import { DomainError, badInput, type ErrorCode } from '../../domain/shared/errors.js'
import { commandScopesText, grantsCommand, type AnyCommandDefinition } from '../../domain/shared/command.js'
import { BULK_MAX_ITEMS } from '../../domain/catalog/product/bulk-definitions.js'
import type { CommandContext } from '../commands/context.js'
import { comparePositions } from '../../infra/eventstore/port.js'
import type { Platform } from '../platform.js'

/** What went wrong with one item; `field` points into the bulk input (`['input', 'items', 3, 'handle']`). */
export interface BulkItemError {
  code: ErrorCode
  message: string
  field: (string | number)[]
}

/** One item's outcome: the entity it wrote (or would have), or the errors that kept it out. */
export interface BulkItemOutcome {
  index: number
  /** The entity the command was about; null when it failed before naming one. */
  entityId: string | null
  /** Append position of the item's events; null when it failed or changed nothing. */
  position: string | null
  errors: BulkItemError[]
}

export interface BulkResult {
  results: BulkItemOutcome[]
  /** How many items were applied, and how many refused (their outcomes carry the errors). */
  appliedCount: number
  failedCount: number
  /** The last position any item appended at; null when nothing was appended. */
  eventPosition: string | null
  /** False when the read models did not reach every write within the bound. */
  visible: boolean
}

/**
 * Runs one registry command per item, each on its own: an item that fails leaves the others
 * applied, and its errors say which item and field were at fault. Items run in order, so
 * generated handles are given out by index (`shirt`, then `shirt-2`). The read models are
 * waited for once, at the end, not per item.
 *
 * @example await runBulk(platform, ctx, productCreate, [{ title: 'Shirt' }, { title: '' }])
 */
export async function runBulk(
  platform: Platform,
  ctx: CommandContext,
  definition: AnyCommandDefinition,
  items: readonly unknown[],
): Promise<BulkResult> {
  const command = definition.name
  // A credential without the scope would fail every item alike: one clear error instead.
  if (!grantsCommand(ctx.scopes, definition)) {
    throw new DomainError(
      'FORBIDDEN',
      `${command} needs the ${commandScopesText(definition)} scope, which this credential does not have`,
    )
  }
  if (!Array.isArray(items) || items.length === 0)
    throw badInput(['input', 'items'], 'items must list at least one item')
  if (items.length > BULK_MAX_ITEMS) {
    throw badInput(
      ['input', 'items'],
      `items may hold at most ${BULK_MAX_ITEMS} items; got ${items.length}: split them into several calls`,
    )
  }
  const results: BulkItemOutcome[] = []
  const written: { type: string; position: string }[] = []
  for (const [index, item] of items.entries()) {
    try {
      const result = await platform.execute(definition, item, ctx)
      written.push(...result.events)
      results.push({ index, entityId: result.entityId, position: result.position, errors: [] })
    } catch (error) {
      results.push({ index, entityId: null, position: null, errors: itemErrors(error, index, platform, command) })
    }
  }
  const eventPosition = written.reduce<string | null>(
    (last, e) => (comparePositions(e.position, last) > 0 ? e.position : last),
    null,
  )
  const visible = written.length === 0 || (await platform.waiter.waitFor(written, platform.config.readWaitMs))
  if (!visible)
    platform.logger.warn({ command, position: eventPosition }, 'read models did not reach the bulk write in time')
  const failedCount = results.filter((o) => o.errors.length > 0).length
  return { results, appliedCount: results.length - failedCount, failedCount, eventPosition, visible }
}

/**
 * The item's error with its field moved under `['input', 'items', index]`. A validation failure
 * lists every issue of the item; an error that names no field (NOT_FOUND of an id) points at
 * the item's `id`, or at the item itself.
 */
function itemErrors(error: unknown, index: number, platform: Platform, command: string): BulkItemError[] {
  const at = (field: readonly (string | number)[] | undefined, fallback: (string | number)[]): (string | number)[] =>
    field && field[0] === 'input'
      ? ['input', 'items', index, ...field.slice(1)]
      : ['input', 'items', index, ...fallback]
  if (!(error instanceof DomainError)) {
    platform.logger.error({ err: error, command, index }, 'bulk item failed unexpectedly')
    return [
      {
        code: 'INTERNAL_SERVER_ERROR',
        message: `item ${index} failed for an internal reason; retry it alone`,
        field: ['input', 'items', index],
      },
    ]
  }
  const issues = error.details?.issues as { path: string[]; message: string }[] | undefined
  if (error.code === 'BAD_USER_INPUT' && issues?.length) {
    return issues.map((issue) => {
      // Zod's messages name the field already ("title must not be empty").
      return { code: error.code, message: `item ${index}: ${issue.message}`, field: at(issue.path, []) }
    })
  }
  const fallback = error.code === 'NOT_FOUND' ? ['id'] : []
  return [{ code: error.code, message: `item ${index}: ${error.message}`, field: at(error.field, fallback) }]
}
