import type { ProductRecord } from '../../../../projections/catalog/product/queries.js'
import { localized } from './localized.js'

// The field resolvers that give other slices' text fields their `locale` argument. The keys are
// those of projections/webstore/translation/sources.ts, so what translatableResource lists is
// what these read.

/** Resolvers merged into the translation slice, per GraphQL type. */
export const localizedFieldResolvers = {
  Product: {
    title: localized('title', (product: ProductRecord) => product.title),
    description: localized('description', (product: ProductRecord) => product.description),
  },
}
