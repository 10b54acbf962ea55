import { productsImportService } from '../../../../app/catalog/import/service.js'
import type { GraphQLSlice } from '../../plugin.js'
import { serve } from '../../shared/services.js'
import { productImportTypeDefs } from './import-schema.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Mutation: {
    productsImport: async (_root, { input }: { input: unknown }, ctx) => {
      const report = await serve(ctx, productsImportService, input)
      const rejected = report.rejected.map((r) => ({ ...r, field: r.field.map(String) }))
      return { report: { ...report, rejected }, eventPosition: report.eventPosition }
    },
  },
}

/** `productsImport`: a registry service taking a staged NDJSON catalog file through the registry commands. */
export const productImportSlice: GraphQLSlice = { typeDefs: productImportTypeDefs, resolvers }
