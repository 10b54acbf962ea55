import { z } from 'zod'
import {
  productsBulkCreate,
  productsBulkDelete,
  productsBulkUpdate,
} from '../../../domain/catalog/product/bulk-definitions.js'
import { productCreate, productDelete, productUpdate } from '../../../domain/catalog/product/definitions.js'
import type { AnyCommandDefinition } from '../../../domain/shared/command.js'
import type { ServiceDefinition } from '../../../domain/shared/service.js'
import { commandContext } from '../../caller.js'
import { parseCommandInput } from '../../commands/execute.js'
import { defineServiceRun } from '../../commands/services.js'
import { runBulk, type BulkResult } from '../bulk.js'

/** Only the list is checked up front: each item goes through its command on its own (see `runBulk`). */
const bulkEnvelope = z.strictObject({
  items: z.array(z.unknown(), { error: 'items must be a list of objects' }),
})

/** A bulk service: one `command` per item, through `runBulk`. */
function bulkService(definition: ServiceDefinition<{ items: unknown[] }>, command: AnyCommandDefinition) {
  return defineServiceRun<{ items: unknown[] }, BulkResult>({
    definition,
    parse: (raw) => parseCommandInput(bulkEnvelope, raw),
    run: ({ items }, { caller }) => runBulk(caller.platform, commandContext(caller), command, items),
  })
}

export const productsBulkCreateService = bulkService(productsBulkCreate, productCreate)
export const productsBulkUpdateService = bulkService(productsBulkUpdate, productUpdate)
export const productsBulkDeleteService = bulkService(productsBulkDelete, productDelete)
