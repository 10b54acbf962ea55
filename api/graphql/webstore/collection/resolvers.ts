import { COLLECTION_CATEGORY } from '../../../../domain/webstore/collection/streams.js'
import type { ListProductsArgs } from '../../../../app/catalog/product/reads.js'
import { mediaByIds } from '../../../../app/media/reads.js'
import {
  collectionProductCounts,
  collectionProducts,
  collectionsOfProducts,
  listCollections,
  readCollection,
} from '../../../../app/webstore/collection/reads.js'
import type { CollectionView } from '../../../../app/webstore/collection/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { batchLoader, idOf } from '../../shared/loaders.js'
import { wantsTotal } from '../../shared/selection.js'
import { collectionTypeDefs } from './schema.js'
import { collectionCommands } from '../../../../domain/webstore/collection/definitions.js'
import { historyResolver } from '../../shared/history.js'
import { withMutations } from '../../shared/mutations.js'

const resolvers: GraphQLSlice['resolvers'] = {
  Collection: {
    products: (collection: CollectionView, args: ListProductsArgs, ctx, info) =>
      collectionProducts(ctx, collection, args, { count: wantsTotal(info) }),
    history: historyResolver('webstore:read', COLLECTION_CATEGORY),
  },
  Query: {
    collection: (_root, args: { id?: string | null; handle?: string | null }, ctx) => readCollection(ctx, args),
    collections: listResolver(listCollections),
  },
}

/** `Collection.productsCount` and `image`, and `Product.collections`, for every object of a response in one query each. */
const loaders: GraphQLSlice['loaders'] = {
  Collection: {
    productsCount: batchLoader(idOf, collectionProductCounts),
    image: batchLoader((collection: CollectionView) => collection.imageId, mediaByIds),
  },
  Product: {
    collections: batchLoader(idOf, collectionsOfProducts),
  },
}

export const collectionSlice = withMutations({ typeDefs: collectionTypeDefs, resolvers, loaders }, collectionCommands, {
  field: 'collection',
  type: 'Collection',
  read: (ctx, id) => readCollection(ctx, { id }),
})
