import type { AttributeRecord } from '../../../../projections/catalog/attribute/queries.js'
import type { ProductRecord } from '../../../../projections/catalog/product/queries.js'
import type { CategoryRecord } from '../../../../projections/catalog/category/queries.js'
import type { MediaRecord } from '../../../../projections/media/queries.js'
import type { BlogRecord } from '../../../../projections/webstore/blog/queries.js'
import type { CollectionRecord } from '../../../../projections/webstore/collection/queries.js'
import type { PageRecord } from '../../../../projections/webstore/page/queries.js'
import type { PostRecord } from '../../../../projections/webstore/post/queries.js'
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
  Category: {
    title: localized('title', (category: CategoryRecord) => category.title),
    description: localized('description', (category: CategoryRecord) => category.description),
  },
  Attribute: {
    name: localized('name', (attribute: AttributeRecord) => attribute.name),
  },
  Media: {
    alt: localized('alt', (media: MediaRecord) => media.alt),
  },
  Collection: {
    title: localized('title', (collection: CollectionRecord) => collection.title),
    description: localized('description', (collection: CollectionRecord) => collection.description),
  },
  Page: {
    title: localized('title', (page: PageRecord) => page.title),
    body: localized('body', (page: PageRecord) => page.body),
  },
  Blog: {
    title: localized('title', (blog: BlogRecord) => blog.title),
  },
  Post: {
    title: localized('title', (post: PostRecord) => post.title),
    excerpt: localized('excerpt', (post: PostRecord) => post.excerpt),
    body: localized('body', (post: PostRecord) => post.body),
  },
}
