import { CATEGORY_LIST } from '../../../../domain/catalog/category/list.js'
import { listField, listFieldArgs, listTypeDefs } from '../../shared/list-sdl.js'
import { LIST_ARGS, connectionTypeDefs } from '../../shared/schema.js'
import { historyField } from '../../shared/history.js'
import { seoTypeDefs } from '../../shared/seo.js'
import { changedEntityPayloads, deletePayloadType, mutationFields } from '../../shared/payloads.js'

/** Mutations whose payload is the changed category: `<Name>Payload {category, eventPosition}`. */
const CATEGORY_PAYLOADS = [
  'CategoryCreate',
  'CategoryUpdate',
  'CategoryMove',
  'CategoryRevert',
  'CategoryProductsAdd',
  'CategoryProductsRemove',
  'CategoryProductsReorder',
]

export const categoryTypeDefs = /* GraphQL */ `
  ${listTypeDefs(CATEGORY_LIST)}

  ${seoTypeDefs('Category', { of: 'a category', titleFallback: 'the category title', inputLimits: true })}

  "One step of a breadcrumb trail."
  type CategoryCrumb {
    id: ID!
    title: String!
    handle: String!
    "The handle path from the root, e.g. men/shirts."
    path: String!
  }

  "A category of the store's catalog tree (at most 8 levels deep)."
  type Category {
    id: ID!
    "The name shown to shoppers."
    title(locale: Locale): String!
    "The URL name, unique among the category's siblings."
    handle: String!
    "The handles from the root down, e.g. men/shirts; category(handlePath:) finds it by this."
    path: String!
    "1 for a root category."
    depth: Int!
    "Index among its siblings, from 0."
    position: Int!
    "The parent category; null for a root."
    parent: Category
    ${listField('children', CATEGORY_LIST, 'The direct subcategories, by position unless sorted otherwise.')}
    "The ancestors, root first (not the category itself)."
    ancestors: [CategoryCrumb!]!
    "The ancestors, root first, then the category itself: what a storefront shows above the page."
    breadcrumbs: [CategoryCrumb!]!
    description(locale: Locale): String!
    "The category's image from the media library; null when none."
    image: Media
    seo: CategorySeo!
    "Distinct products assigned to this category or any category below it."
    productCount: Int!
    "The assigned products, every status unless filtered: the category's own, or with includeDescendants those of its whole subtree, each once."
    products(${LIST_ARGS}
      includeDescendants: Boolean = false
      filter: ProductFilter
      "Without a sort, the category's own products by position, a whole subtree's by title."
      sort: ProductSort
    ): ProductConnection!
    ${historyField('Every change of this category, newest first, with its actor and time; revisions are those categoryRevert takes.')}
    "The category's own events so far, minus one (0 after creation)."
    revision: Int!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  ${connectionTypeDefs('Category')}

  input CategoryCreateInput {
    title: String!
    "Generated from the title when omitted (shirts, then shirts-2 when a sibling has it)."
    handle: String
    "The parent category; omitted or null: a root category."
    parentId: ID
    "Index among the siblings from 0; last when omitted."
    position: Int
    description: String
    "A media id of the media library."
    imageId: ID
    seo: CategorySeoInput
  }

  "Only the fields given change; the rest stay as they are. Use categoryMove to change the parent."
  input CategoryUpdateInput {
    id: ID!
    title: String
    "Changes the path of the category and of everything below it."
    handle: String
    description: String
    "A media id; an empty string removes the image."
    imageId: ID
    seo: CategorySeoInput
  }

  input CategoryMoveInput {
    id: ID!
    "The new parent; null or omitted makes it a root category, as on create."
    parentId: ID
    "Index among the new siblings from 0; last when omitted."
    position: Int
  }

  input CategoryReorderInput {
    "Whose children to reorder; omitted or null: the root categories."
    parentId: ID
    "The children in their new order; the listed come first, the others keep their order after them."
    ids: [ID!]!
  }

  input CategoryDeleteInput {
    id: ID!
    "Also delete every subcategory; without it a category with subcategories is refused."
    deleteDescendants: Boolean
  }

  input CategoryRevertInput {
    id: ID!
    "The revision to restore, as Category.history lists them: it comes back as the whole change that wrote that revision left it (0: as created)."
    toRevision: Int!
  }

  input CategoryProductsAddInput {
    categoryId: ID!
    productIds: [ID!]!
    "Where to insert them among the category's products, from 0; last when omitted."
    position: Int
  }

  input CategoryProductsRemoveInput {
    categoryId: ID!
    productIds: [ID!]!
  }

  input CategoryProductsReorderInput {
    categoryId: ID!
    "The listed products come first, in this order; the others keep their order after them."
    productIds: [ID!]!
  }

  ${changedEntityPayloads('Category', CATEGORY_PAYLOADS)}

  type CategoryReorderPayload {
    "The parent whose children were reordered; null for the roots."
    parent: Category
    "The children in their new order."
    categories: [Category!]!
    eventPosition: String
  }

  ${deletePayloadType('CategoryDelete')}

  extend type Query {
    "One category by id or by handle path (men/shirts); with asOf, as it was at that time. NOT_FOUND when the store has no such category (then)."
    category(id: ID, handlePath: String, asOf: DateTime): Category
    "The store's categories: the children of parentId, the roots when parentId is null, every category when it is omitted."
    categories(
      parentId: ID${listFieldArgs(CATEGORY_LIST)}
    ): CategoryConnection!
  }

  extend type Mutation {
    ${mutationFields({
      categoryCreate: 'Creates a category, at the root or under a parent. Needs products:write.',
      categoryUpdate: 'Changes the given fields of a category. Needs products:write.',
      categoryMove:
        'Moves a category with its subtree under another parent, or to another position. Needs products:write.',
      categoryReorder: "Sets the order of one parent's children. Needs products:write.",
      categoryDelete:
        'Deletes a category (and with deleteDescendants its subtree) and its product assignments. Needs products:write.',
      categoryRevert:
        "Restores a category's fields as they were at an earlier revision; the history keeps both. Needs products:write.",
      categoryProductsAdd: 'Assigns products to a category at a position. Needs products:write.',
      categoryProductsRemove: 'Takes products out of a category. Needs products:write.',
      categoryProductsReorder: "Sets the order of a category's products. Needs products:write.",
    })}
  }
`
