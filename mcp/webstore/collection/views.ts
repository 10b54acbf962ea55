import { COLLECTION_CATEGORY } from '../../../domain/webstore/collection/streams.js'
import { findCountedCollection } from '../../../app/webstore/collection/reads.js'
import { countedCollectionViewSchema } from '../../../app/webstore/collection/view.js'
import { resourceView } from '../../shared/view.js'

export const collectionView = resourceView({
  resource: COLLECTION_CATEGORY,
  readTool: 'get_collection',
  schema: countedCollectionViewSchema,
  find: findCountedCollection,
})
