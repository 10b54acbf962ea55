import type { AnyCommandDefinition } from '../../../domain/shared/command.js'
import { sql } from 'kysely'
import { foldProductSnapshot } from '../../../domain/catalog/product/snapshot.js'
import { productHandleKey, productStream } from '../../../domain/catalog/product/streams.js'
import { DomainError, type ErrorCode } from '../../../domain/shared/errors.js'
import { handleize } from '../../../domain/shared/handle.js'
import { catalogUsageFrom } from '../../commands/catalog-usage.js'
import type { CommandContext } from '../../commands/context.js'
import { executeCommand, type CommandResult } from '../../commands/execute.js'
import { reservationOwner } from '../../commands/reservations.js'
import { comparePositions, type EventStore } from '../../../infra/eventstore/port.js'
import type { Platform } from '../../platform.js'
import { DryRunEventStore } from './dry-run-store.js'
import { parseNdjson } from './ndjson.js'
import { matchVariant, type ImportVariant } from './variants.js'
import { categoryProductsAdd } from '../../../domain/catalog/category/products-definitions.js'
import { productAttributesSet } from '../../../domain/catalog/product/attributes-definitions.js'
import { productCreate, productUpdate } from '../../../domain/catalog/product/definitions.js'
import { productVariantCreate, productVariantUpdate } from '../../../domain/catalog/product/variant-definitions.js'

/** What became of one line. */
export type LineOutcome = 'created' | 'updated' | 'unchanged' | 'rejected'

/** A line that was not imported (or, on a dry run, would not be), with the field at fault. */
export interface RejectedLine {
  line: number
  code: ErrorCode
  /** Path into the line's object, e.g. `['variants', 0, 'price']`; empty when the line as a whole is at fault. */
  field: (string | number)[]
  message: string
}

export interface ImportReport {
  lines: number
  created: number
  updated: number
  unchanged: number
  rejected: RejectedLine[]
  dryRun: boolean
  /** The last position the import appended at; null when nothing was written. */
  eventPosition: string | null
}

export interface ImportOptions {
  /**
   * Run every line's commands against an in-memory copy of the log: the report is the one a real
   * run would give now (same counts, same rejections), and nothing is written.
   */
  dryRun?: boolean
  /** Called after each line, e.g. to move a progress bar. */
  onProgress?(done: number, total: number): void
}

/** Fields of a line handled by the import itself rather than passed to productCreate. */
const IMPORT_ONLY = ['categories'] as const
/** Fields productCreate takes once but productUpdate does not: on re-import they are matched, not replaced. */
const CREATE_ONLY = ['handle', 'options', 'variants', 'attributes', 'attributeSetId'] as const

interface Written {
  type: string
  position: string
}

/** Where a line's commands go: the platform's write path, or a dry run's in-memory log. */
interface Writer {
  store: EventStore
  execute(definition: AnyCommandDefinition, input: unknown, ctx: CommandContext): Promise<CommandResult>
  dryRun: boolean
}

/**
 * Imports an NDJSON catalog, one product per line with productCreate's fields plus `categories`
 * (handle paths like `"men/shirts"`). A product is matched by handle (given, or made from the
 * title as productCreate would): a new handle creates the product; an existing one is updated
 * with the line's fields, variants matched by SKU, else by their option values (updated, or
 * created when neither matches), attributes set and categories added. Every write is a registry
 * command, and commands that change nothing append nothing, so importing the same file twice
 * appends nothing the second time. A bad line is rejected on its own with its line number and
 * field; the others go in. A dry run runs the same commands on an in-memory copy of the log.
 *
 * @example await importProducts(platform, ctx, text, { onProgress: (done, total) => bar.update(done) })
 */
export async function importProducts(
  platform: Platform,
  ctx: CommandContext,
  text: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const storeId = ctx.storeId
  if (!storeId)
    throw new DomainError(
      'BAD_USER_INPUT',
      'an import goes into one store: select it with the X-Store header (store id or slug)',
    )
  const lines = parseNdjson(text)
  const report: ImportReport = {
    lines: lines.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
    dryRun: Boolean(options.dryRun),
    eventPosition: null,
  }
  const writer = writerFor(platform, Boolean(options.dryRun))
  const written: Written[] = []
  for (const [index, parsed] of lines.entries()) {
    if ('error' in parsed) {
      report.rejected.push({ line: parsed.line, code: 'BAD_USER_INPUT', field: [], message: parsed.error })
    } else {
      const importer = new LineImporter(platform, writer, ctx, storeId)
      try {
        report[await importer.run(parsed.value)]++
      } catch (error) {
        report.rejected.push(rejection(parsed.line, error, platform))
      }
      if (!writer.dryRun) written.push(...importer.written)
    }
    options.onProgress?.(index + 1, lines.length)
  }
  report.eventPosition = written.reduce<string | null>(
    (last, e) => (comparePositions(e.position, last) > 0 ? e.position : last),
    null,
  )
  if (written.length && !(await platform.waiter.waitFor(written, platform.config.readWaitMs))) {
    platform.logger.warn({ position: report.eventPosition }, 'read models did not reach the import in time')
  }
  return report
}

/**
 * The real write path, or for a dry run the same command path over a log kept in memory: the
 * dry run decides exactly as the real run would, against the store as it is now.
 */
function writerFor(platform: Platform, dryRun: boolean): Writer {
  if (!dryRun)
    return {
      store: platform.eventStore,
      execute: (definition, input, ctx) => platform.execute(definition, input, ctx),
      dryRun,
    }
  const store = new DryRunEventStore(platform.eventStore)
  const usage = catalogUsageFrom(platform.database.db)
  return {
    store,
    execute: (definition, input, ctx) => executeCommand(store, definition, input, ctx, usage),
    dryRun,
  }
}

/** One line's commands. Each runs on its own: a later one failing leaves the earlier ones applied, as reported. */
class LineImporter {
  readonly written: Written[] = []
  private changed = false

  constructor(
    private readonly platform: Platform,
    private readonly writer: Writer,
    private readonly ctx: CommandContext,
    private readonly storeId: string,
  ) {}

  async run(line: Record<string, unknown>): Promise<Exclude<LineOutcome, 'rejected'>> {
    const { categories, ...fields } = line
    const paths = categoryPaths(categories)
    const handle =
      typeof fields.handle === 'string' && fields.handle.trim()
        ? fields.handle.trim()
        : handleize(String(fields.title ?? ''))
    const existing = handle ? await reservationOwner(this.writer.store, this.storeId, productHandleKey(handle)) : null
    const categoryIds = await this.categoryIds(paths)
    if (existing === null) {
      const productId = await this.command(productCreate, { ...fields, ...(handle ? { handle } : {}) })
      await this.addToCategories(productId, categoryIds)
      return 'created'
    }
    await this.command(productUpdate, { id: existing, ...omit(fields, [...CREATE_ONLY, ...IMPORT_ONLY]) })
    if (Array.isArray(fields.variants)) await this.variants(existing, fields.variants)
    if (Array.isArray(fields.attributes) && fields.attributes.length) {
      await this.command(productAttributesSet, { productId: existing, values: fields.attributes }, ['attributes'])
    }
    await this.addToCategories(existing, categoryIds)
    return this.changed ? 'updated' : 'unchanged'
  }

  /**
   * Each variant of the line is matched against the product's variants as its stream has them
   * (read models may lag behind a line written a moment ago): by SKU, else by its option values,
   * a combination that is unique per product. A match is updated; otherwise a variant is added.
   */
  private async variants(productId: string, variants: unknown[]): Promise<void> {
    const snapshot = foldProductSnapshot(await this.writer.store.readStream(productStream(this.storeId, productId)))
    const catalog = snapshot.variants.kind === 'existing' ? snapshot.variants.catalog : null
    for (const [index, variant] of variants.entries()) {
      const field = ['variants', index]
      const line = (variant ?? {}) as ImportVariant
      const match = catalog ? matchVariant(catalog, line) : { kind: 'none' as const }
      const { optionValues, inventoryQuantity, ...rest } = line as Record<string, unknown>
      if (match.kind === 'found')
        await this.command(productVariantUpdate, { productId, id: match.variant.variantId, ...rest }, field)
      else if (match.kind === 'none')
        await this.command(productVariantCreate, { productId, optionValues, inventoryQuantity, ...rest }, field)
      else {
        throw new DomainError(
          'BAD_USER_INPUT',
          'a variant of a product that exists already needs its sku or its optionValues (one value per option): the import matches variants by SKU, else by option values',
          { field: ['input', ...field, 'sku'] },
        )
      }
    }
  }

  private async categoryIds(paths: string[]): Promise<string[]> {
    const ids: string[] = []
    for (const [index, path] of paths.entries()) {
      const { rows } = await sql<{
        id: string
      }>`select id from categories where store_id = ${this.storeId} and path = ${path.replace(/^\/+|\/+$/g, '')}`.execute(
        this.platform.database.db,
      )
      if (!rows[0])
        throw new DomainError(
          'BAD_USER_INPUT',
          `no category with the path '${path}' in this store; create it first or fix the path`,
          { field: ['input', 'categories', index] },
        )
      ids.push(rows[0].id)
    }
    return ids
  }

  private async addToCategories(productId: string, categoryIds: string[]): Promise<void> {
    for (const categoryId of categoryIds)
      await this.command(categoryProductsAdd, { categoryId, productIds: [productId] }, ['categories'])
  }

  /**
   * Runs a command (on a dry run, on the in-memory log). `under` places the command's own field
   * paths within the line (`['variants', 2]`), so the rejection names the line's field.
   */
  private async command(
    definition: AnyCommandDefinition,
    input: Record<string, unknown>,
    under: (string | number)[] = [],
  ): Promise<string> {
    try {
      const result = await this.writer.execute(definition, input, this.ctx)
      if (result.position !== null) this.changed = true
      this.written.push(...result.events)
      return result.entityId
    } catch (error) {
      if (error instanceof DomainError && under.length) {
        const field =
          error.field && error.field[0] === 'input'
            ? ['input', ...under, ...error.field.slice(1).filter((p) => !['productId', 'values'].includes(String(p)))]
            : ['input', ...under]
        throw new DomainError(error.code, error.message, { field })
      }
      throw error
    }
  }
}

function categoryPaths(value: unknown): string[] {
  if (value == null) return []
  if (!Array.isArray(value) || value.some((path) => typeof path !== 'string')) {
    throw new DomainError('BAD_USER_INPUT', 'categories must be a list of handle paths like ["men/shirts"]', {
      field: ['input', 'categories'],
    })
  }
  return value as string[]
}

function omit(fields: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)))
}

/** A failed line for the report: its field without the command's `input` root, and no internals. */
function rejection(line: number, error: unknown, platform: Platform): RejectedLine {
  if (!(error instanceof DomainError)) {
    platform.logger.error({ err: error, line }, 'import line failed unexpectedly')
    return {
      line,
      code: 'INTERNAL_SERVER_ERROR',
      field: [],
      message: `line ${line} failed for an internal reason; import it again`,
    }
  }
  const field = error.field?.[0] === 'input' ? error.field.slice(1) : [...(error.field ?? [])]
  // Validation messages name the field already; the line number tells which product.
  return {
    line,
    code: error.code,
    field: field.map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p)),
    message: error.message.replace(/^input(\.[\w.]+)?: /, ''),
  }
}
