import { dropStagedImport, readStagedImport } from '../../../../app/catalog/import/staged.js'
import { importProducts } from '../../../../app/catalog/import/import.js'
import type { GraphQLSlice } from '../../plugin.js'
import { commandContext, requireScope, requireStore } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { productImportTypeDefs } from './import-schema.js'

async function runImport(ctx: RequestContext, input: { stagedUploadId: string; dryRun?: boolean | null }) {
  requireScope(ctx, 'products:write')
  const storeId = requireStore(ctx).id
  const text = await readStagedImport(ctx.platform, storeId, input.stagedUploadId)
  const report = await importProducts(ctx.platform, commandContext(ctx), text, { dryRun: Boolean(input.dryRun) })
  if (!input.dryRun) await dropStagedImport(ctx.platform, storeId, input.stagedUploadId)
  const rejected = report.rejected.map((r) => ({ ...r, field: r.field.map(String) }))
  return { report: { ...report, rejected }, eventPosition: report.eventPosition }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: {
    productsImport: (_root, args: { input: { stagedUploadId: string; dryRun?: boolean | null } }, ctx) =>
      runImport(ctx, args.input),
  },
}

/** `productsImport`: a staged NDJSON catalog file through the registry commands. */
export const productImportSlice: GraphQLSlice = { typeDefs: productImportTypeDefs, resolvers }
