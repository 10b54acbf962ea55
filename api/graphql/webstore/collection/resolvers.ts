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
import {
  collectionCreate,
  collectionDelete,
  collectionProductsAdd,
  collectionProductsRemove,
  collectionProductsReorder,
  collectionUpdate,
} from '../../../../domain/webstore/collection/definitions.js'
import { historyResolver } from '../../shared/history.js'
import { mutationResolvers, type WrittenEntity } from '../../shared/mutations.js'

const writtenCollection: WrittenEntity = { field: 'collection', read: (ctx, id) => readCollection(ctx, { id }) }

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
  Mutation: mutationResolvers(
    [
      collectionCreate,
      collectionUpdate,
      collectionProductsAdd,
      collectionProductsRemove,
      collectionProductsReorder,
      collectionDelete,
    ],
    writtenCollection,
  ),
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

export const collectionSlice: GraphQLSlice = { typeDefs: collectionTypeDefs, resolvers, loaders }
