import { sql } from 'kysely'
import type { z } from 'zod'
import { productHandleKey } from '../../../domain/catalog/product/streams.js'
import { DomainError, type ErrorCode } from '../../../domain/shared/errors.js'
import { handleize } from '../../../domain/shared/handle.js'
import type { CommandContext } from '../../commands/context.js'
import { reservationOwner } from '../../commands/reservations.js'
import { comparePositions } from '../../eventstore/port.js'
import type { Platform } from '../../platform.js'
import { parseNdjson } from './ndjson.js'

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
  /** Check every line without writing: creations and updates are validated, not run. */
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

/**
 * Imports an NDJSON catalog, one product per line with productCreate's fields plus `categories`
 * (handle paths like `"men/shirts"`). A product is matched by handle (given, or made from the
 * title as productCreate would): a new handle creates the product; an existing one is updated
 * with the line's fields, variants matched by SKU (updated, or created when the SKU is new),
 * attributes set and categories added. Every write is a registry command, and commands that
 * change nothing append nothing, so importing the same file twice appends nothing the second
 * time. A bad line is rejected on its own with its line number and field; the others go in.
 *
 * @example await importProducts(platform, ctx, text, { onProgress: (done, total) => bar.update(done) })
 */
export async function importProducts(platform: Platform, ctx: CommandContext, text: string, options: ImportOptions = {}): Promise<ImportReport> {
  const storeId = ctx.storeId
  if (!storeId) throw new DomainError('BAD_USER_INPUT', 'an import goes into one store: select it with the X-Store header (store id or slug)')
  const lines = parseNdjson(text)
  const report: ImportReport = { lines: lines.length, created: 0, updated: 0, unchanged: 0, rejected: [], dryRun: Boolean(options.dryRun), eventPosition: null }
  const written: Written[] = []
  for (const [index, parsed] of lines.entries()) {
    if ('error' in parsed) {
      report.rejected.push({ line: parsed.line, code: 'BAD_USER_INPUT', field: [], message: parsed.error })
    } else {
      const importer = new LineImporter(platform, ctx, storeId, Boolean(options.dryRun))
      try {
        report[await importer.run(parsed.value)]++
      } catch (error) {
        report.rejected.push(rejection(parsed.line, error, platform))
      }
      written.push(...importer.written)
    }
    options.onProgress?.(index + 1, lines.length)
  }
  report.eventPosition = written.reduce<string | null>((last, e) => (comparePositions(e.position, last) > 0 ? e.position : last), null)
  if (written.length && !(await platform.waiter.waitFor(written, platform.config.readWaitMs))) {
    platform.logger.warn({ position: report.eventPosition }, 'read models did not reach the import in time')
  }
  return report
}

/** One line's commands. Each runs on its own: a later one failing leaves the earlier ones applied, as reported. */
class LineImporter {
  readonly written: Written[] = []
  private changed = false

  constructor(
    private readonly platform: Platform,
    private readonly ctx: CommandContext,
    private readonly storeId: string,
    private readonly dryRun: boolean,
  ) {}

  async run(line: Record<string, unknown>): Promise<Exclude<LineOutcome, 'rejected'>> {
    const { categories, ...fields } = line
    const paths = categoryPaths(categories)
    const handle = typeof fields.handle === 'string' && fields.handle.trim() ? fields.handle.trim() : handleize(String(fields.title ?? ''))
    const existing = handle ? await reservationOwner(this.platform.eventStore, this.storeId, productHandleKey(handle)) : null
    const categoryIds = await this.categoryIds(paths)
    if (existing === null) {
      const productId = await this.command('productCreate', { ...fields, ...(handle ? { handle } : {}) })
      await this.addToCategories(productId, categoryIds)
      return 'created'
    }
    await this.command('productUpdate', { id: existing, ...omit(fields, [...CREATE_ONLY, ...IMPORT_ONLY]) })
    if (Array.isArray(fields.variants)) await this.variants(existing, fields.variants)
    if (Array.isArray(fields.attributes) && fields.attributes.length) {
      await this.command('productAttributesSet', { productId: existing, values: fields.attributes }, ['attributes'])
    }
    await this.addToCategories(existing, categoryIds)
    return this.changed ? 'updated' : 'unchanged'
  }

  /** Variants are matched by SKU: a known SKU updates its variant, a new one adds a variant. */
  private async variants(productId: string, variants: unknown[]): Promise<void> {
    for (const [index, variant] of variants.entries()) {
      const field = ['variants', index]
      const sku = (variant as { sku?: unknown } | null)?.sku
      if (typeof sku !== 'string' || !sku.trim()) {
        throw new DomainError('BAD_USER_INPUT', 'a variant of a product that exists already needs its sku: the import matches variants by SKU', { field: ['input', ...field, 'sku'] })
      }
      const { rows } = await sql<{ id: string }>`select id from product_variants where store_id = ${this.storeId} and product_id = ${productId} and sku = ${sku.trim()}`.execute(this.platform.database.db)
      const { optionValues, inventoryQuantity, ...rest } = variant as Record<string, unknown>
      if (rows[0]) await this.command('productVariantUpdate', { productId, id: rows[0].id, ...rest }, field)
      else await this.command('productVariantCreate', { productId, optionValues, inventoryQuantity, ...rest }, field)
    }
  }

  private async categoryIds(paths: string[]): Promise<string[]> {
    const ids: string[] = []
    for (const [index, path] of paths.entries()) {
      const { rows } = await sql<{ id: string }>`select id from categories where store_id = ${this.storeId} and path = ${path.replace(/^\/+|\/+$/g, '')}`.execute(this.platform.database.db)
      if (!rows[0]) throw new DomainError('BAD_USER_INPUT', `no category with the path '${path}' in this store; create it first or fix the path`, { field: ['input', 'categories', index] })
      ids.push(rows[0].id)
    }
    return ids
  }

  private async addToCategories(productId: string, categoryIds: string[]): Promise<void> {
    for (const categoryId of categoryIds) await this.command('categoryProductsAdd', { categoryId, productIds: [productId] }, ['categories'])
  }

  /**
   * Runs (or on a dry run, validates) a command. `under` places the command's own field paths
   * within the line (`['variants', 2]`), so the rejection names the line's field.
   */
  private async command(name: string, input: Record<string, unknown>, under: (string | number)[] = []): Promise<string> {
    try {
      if (this.dryRun) {
        validate(this.platform.registry.get(name).input, input)
        // A dry run cannot tell whether a valid change changes anything: an existing product counts as updated.
        this.changed = true
        return String(input.id ?? input.productId ?? '')
      }
      const result = await this.platform.execute(name, input, this.ctx)
      if (result.position !== null) this.changed = true
      this.written.push(...result.events)
      return result.entityId
    } catch (error) {
      if (error instanceof DomainError && under.length) {
        const field = error.field && error.field[0] === 'input' ? ['input', ...under, ...error.field.slice(1).filter((p) => !['productId', 'values'].includes(String(p)))] : ['input', ...under]
        throw new DomainError(error.code, error.message, { field })
      }
      throw error
    }
  }
}

function categoryPaths(value: unknown): string[] {
  if (value == null) return []
  if (!Array.isArray(value) || value.some((path) => typeof path !== 'string')) {
    throw new DomainError('BAD_USER_INPUT', 'categories must be a list of handle paths like ["men/shirts"]', { field: ['input', 'categories'] })
  }
  return value as string[]
}

function validate(schema: z.ZodType, input: unknown): void {
  const parsed = schema.safeParse(input)
  if (parsed.success) return
  const issue = parsed.error.issues[0]!
  throw new DomainError('BAD_USER_INPUT', issue.message, { field: ['input', ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))] })
}

function omit(fields: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)))
}

/** A failed line for the report: its field without the command's `input` root, and no internals. */
function rejection(line: number, error: unknown, platform: Platform): RejectedLine {
  if (!(error instanceof DomainError)) {
    platform.logger.error({ err: error, line }, 'import line failed unexpectedly')
    return { line, code: 'INTERNAL_SERVER_ERROR', field: [], message: `line ${line} failed for an internal reason; import it again` }
  }
  const field = error.field?.[0] === 'input' ? error.field.slice(1) : [...(error.field ?? [])]
  // Validation messages name the field already; the line number tells which product.
  return { line, code: error.code, field: field.map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p)), message: error.message.replace(/^input(\.[\w.]+)?: /, '') }
}
