import type { AttributeOption } from '../../../../domain/catalog/attribute/events.js'
import type { AttributeView } from '../../../../app/catalog/attribute/view.js'
import type { ProductOptionView } from '../../../../app/catalog/product/variant-view.js'
import type { MediaView } from '../../../../app/media/view.js'
import type { BlogView } from '../../../../app/webstore/blog/view.js'
import type { MenuItemView, MenuView } from '../../../../app/webstore/menu/view.js'
import type { PageView } from '../../../../app/webstore/page/view.js'
import type { PostView } from '../../../../app/webstore/post/view.js'
import { localizedContentFields } from './localized-content.js'
import { localized } from './localized.js'

// The field resolvers that give other slices' text fields their `locale` argument. The keys are
// those of projections/webstore/translation/sources.ts, so what translatableResource lists is
// what these read. Nested text is translated on its resource, so the parent resolver puts that
// resource's id on the child (menuId, attributeId, resourceId).

type Seo = { title: string; description: string }
/** SEO of a resource, carrying its id; a snapshot's SEO (product history) comes without one. */
type ResourceSeo = Seo & { resourceId?: string }

const withResourceId = (resource: { id: string; seo: Seo }): ResourceSeo => ({
  ...resource.seo,
  resourceId: resource.id,
})

const seoFields = {
  title: localized(
    'seo.title',
    (seo: ResourceSeo) => seo.title,
    (seo) => seo.resourceId,
  ),
  description: localized(
    'seo.description',
    (seo: ResourceSeo) => seo.description,
    (seo) => seo.resourceId,
  ),
}

/** The translatable fields of a product, category or collection: title, description and SEO. */
const describedFields = {
  title: localized('title', (resource: { title: string }) => resource.title),
  description: localized('description', (resource: { description: string }) => resource.description),
  seo: withResourceId,
}

type LocatedMenuItem = Omit<MenuItemView, 'items'> & { menuId: string; items: LocatedMenuItem[] }

function withMenuId(items: readonly MenuItemView[], menuId: string): LocatedMenuItem[] {
  return items.map((item) => ({ ...item, menuId, items: withMenuId(item.items, menuId) }))
}

/** Resolvers merged into the translation slice, per GraphQL type. */
export const localizedFieldResolvers = {
  Product: describedFields,
  ProductSeo: seoFields,
  ProductOption: {
    name: localized(
      (option: ProductOptionView) => `options.${option.position}.name`,
      (option) => option.name,
      (option) => option.productId,
    ),
  },
  Category: describedFields,
  CategorySeo: seoFields,
  Attribute: {
    name: localized('name', (attribute: AttributeView) => attribute.name),
    options: (attribute: AttributeView) =>
      attribute.options.map((option) => ({ ...option, attributeId: attribute.id })),
  },
  AttributeOption: {
    label: localized(
      (option: AttributeOption & { attributeId: string }) => `options.${option.code}.label`,
      (option) => option.label,
      (option) => option.attributeId,
    ),
  },
  Media: {
    alt: localized('alt', (media: MediaView) => media.alt),
  },
  Collection: describedFields,
  CollectionSeo: seoFields,
  Page: {
    title: localized('title', (page: PageView) => page.title),
    body: localized('body', (page: PageView) => page.body),
    seo: withResourceId,
  },
  PageSeo: seoFields,
  Blog: {
    title: localized('title', (blog: BlogView) => blog.title),
  },
  Post: {
    title: localized('title', (post: PostView) => post.title),
    excerpt: localized('excerpt', (post: PostView) => post.excerpt),
    body: localized('body', (post: PostView) => post.body),
    seo: withResourceId,
  },
  Menu: {
    title: localized('title', (menu: MenuView) => menu.title),
    items: (menu: MenuView) => withMenuId(menu.items, menu.id),
  },
  MenuItem: {
    title: localized(
      (item: LocatedMenuItem) => `items.${item.id}.title`,
      (item) => item.title,
      (item) => item.menuId,
    ),
  },
  ContentEntry: {
    fields: localizedContentFields,
  },
}
