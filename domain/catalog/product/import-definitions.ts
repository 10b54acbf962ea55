import { z } from 'zod'
import { defineService, type AnyServiceDefinition } from '../../shared/service.js'
import { strictInput } from '../../shared/strict-input.js'
import { PRODUCT_CATEGORY } from './streams.js'

export const productsImportInput = strictInput('productsImport', {
  stagedUploadId: z
    .string({ error: 'stagedUploadId must be a string' })
    .describe('The staged upload (mediaStagedUploadCreate with mimeType application/x-ndjson) the file was PUT to.'),
  dryRun: z
    .boolean({ error: 'dryRun must be true or false' })
    .nullish()
    .describe('Run every line against the store as it is now without writing anything; the staged file is kept.'),
})

/**
 * A staged NDJSON catalog file, one product per line, through the product, variant, attribute
 * and category commands. Not an MCP tool: an agent has no way to PUT the file to a staged URL.
 */
export const productsImport = defineService({
  name: 'productsImport',
  tool: 'import_products',
  description:
    'Import a staged NDJSON catalog file, synchronously: products are matched by handle (created when new, else updated with ' +
    'the fields given) and their variants by SKU, else by option values; importing the same file again appends nothing. Bad ' +
    'lines are reported and skipped. Returns the report: lines, created, updated, unchanged, rejected lines.',
  resource: PRODUCT_CATEGORY,
  scope: 'products:write',
  transports: ['graphql'],
  storeScoped: true,
  annotations: { destructive: false, idempotent: true },
  input: productsImportInput,
})

export const productImportServices: readonly AnyServiceDefinition[] = [productsImport]
