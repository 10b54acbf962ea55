import type { Actor } from '../../domain/shared/context.js'
import type { Scope } from '../../domain/shared/scopes.js'
import { dueForPublishing } from '../../projections/catalog/product/schedule.js'
import { duePages } from '../../projections/webstore/page/visibility.js'
import { duePosts } from '../../projections/webstore/post/visibility.js'
import { staleThemeImports } from '../../projections/webstore/theme/queries.js'
import { THEME_IMPORT_STALE_MS } from '../../domain/webstore/theme/file-batches.js'
import { systemContext, type CommandContext } from '../commands/context.js'
import type { CommandResult } from '../commands/execute.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { Logger } from '../../infra/logging/logger.js'
import { PollingScheduler } from './poller.js'

/** Who publishes a scheduled product, as the audit log shows it. */
export const SCHEDULER_ACTOR: Actor = { type: 'system', id: 'scheduler', name: 'publish scheduler' }

/** Entities published per kind and poll at most; the next poll takes the rest at once. */
const BATCH = 100

/** A kind of entity with a `publishAt`: where the due ones are found, and the idempotent command that publishes one. */
export interface ScheduledKind {
  command: string
  scope: Scope
  due(db: AnyDb, now: Date, limit: number): Promise<{ organizationId: string; storeId: string; id: string }[]>
}

/**
 * Products turn ACTIVE; web store pages and blog posts turn PUBLISHED; theme creations a crash cut
 * short between their appends are abandoned once their files waited past the bound.
 */
export const SCHEDULED_KINDS: readonly ScheduledKind[] = [
  { command: 'productPublishDue', scope: 'products:write', due: dueForPublishing },
  { command: 'pagePublishDue', scope: 'webstore:write', due: duePages },
  { command: 'postPublishDue', scope: 'webstore:write', due: duePosts },
  {
    command: 'themeImportAbandon',
    scope: 'webstore:write',
    due: (db, now, limit) => staleThemeImports(db, new Date(now.getTime() - THEME_IMPORT_STALE_MS), limit),
  },
]

export interface PublishSchedulerOptions {
  db: AnyDb
  intervalMs: number
  logger: Logger
  /** The platform's command path: the scheduler writes through the registry like any client. */
  execute(name: string, input: unknown, ctx: CommandContext): Promise<CommandResult>
}

/**
 * Publishes scheduled products, pages and posts when their publishAt has come, with nobody
 * calling: every `intervalMs` it reads the due ones of each `SCHEDULED_KINDS` from the read
 * models and runs that kind's publish-due command for each. It runs wherever projections run; several nodes may poll at once, because the command
 * decides on the product's stream and changes a product that is no longer due into nothing.
 */
export class PublishScheduler extends PollingScheduler {
  constructor(private readonly options: PublishSchedulerOptions) {
    super(options, { changed: 'published scheduled entities', failed: 'publish scheduler poll failed' })
  }

  /** One poll: publishes what is due at `now` and answers how many entities it changed. */
  async tick(now = new Date()): Promise<number> {
    let published = 0
    for (const kind of SCHEDULED_KINDS) {
      if (this.poller.stopped) break
      published += await this.poller.each(
        await kind.due(this.options.db, now, BATCH),
        async (entity) => {
          const ctx = systemContext(entity, SCHEDULER_ACTOR, [kind.scope])
          return (await this.options.execute(kind.command, { id: entity.id }, ctx)).position !== null
        },
        'scheduled publish failed',
        (entity) => ({ command: kind.command, id: entity.id, storeId: entity.storeId }),
      )
    }
    return published
  }
}
