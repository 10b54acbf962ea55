import { GraphQLScalarType, Kind, type GraphQLFieldResolver } from 'graphql'
import {
  collectionShape,
  facetsOf,
  productConnection,
  productListArgs,
  productShapes,
  type ProductListInput,
} from '../../app/storefront-api/catalog.js'
import { blogShape, menuShape, pageShape } from '../../app/storefront-api/content.js'
import type { StorefrontSession } from '../../app/storefront-api/session.js'
import type { StorefrontCarts } from '../../app/storefront-api/cart.js'
import type { Platform } from '../../app/platform.js'
import type { CursorPage } from '../../app/storefront/visibility.js'

/** What every resolver of one request reads with. */
export interface StorefrontContext {
  session: StorefrontSession
  /** The shopper's cart operations (api/storefront/cart.ts). */
  carts: StorefrontCarts
  /** For checkout (api/storefront/checkout.ts), which runs the platform's commands. */
  platform: Platform
}

type Locale = { locale?: string | null }

/**
 * The root fields: each reads through `ShopperView` (the rendered storefront's visibility rule)
 * and the locale's overlay. Nested lists (`Collection.products`, `Blog.articles`) are functions
 * on the shapes, which graphql-js' default resolver calls with the field's arguments.
 */
export const storefrontResolvers: Record<string, GraphQLFieldResolver<unknown, StorefrontContext>> = {
  shop: (_root, _args: object, { session }) => ({
    name: session.store.name,
    primaryLocale: session.store.defaultLocale,
    locales: session.store.enabledLocales,
    currency: session.store.currency,
  }),
  product: async (_root, { handle, locale }: Locale & { handle: string }, { session }) => {
    const overlay = session.overlay(locale)
    const record = await session.shopper.product(handle)
    return record && (await productShapes(session, overlay, [record]))[0]
  },
  products: async (_root, { locale, ...args }: Locale & ProductListInput, { session }) => {
    const overlay = session.overlay(locale)
    const listArgs = productListArgs(args, session.store)
    const page = await session.shopper.products(listArgs)
    return productConnection(session, overlay, page, facetsOf(session, listArgs.filter))
  },
  collection: async (_root, { handle, locale }: Locale & { handle: string }, { session }) => {
    const overlay = session.overlay(locale)
    const record = await session.shopper.collection(handle)
    return record && collectionShape(session, overlay, record)
  },
  collections: async (_root, { locale, ...args }: Locale & CursorPage, { session }) => {
    const overlay = session.overlay(locale)
    const page = await session.shopper.collections(args)
    const nodes = await Promise.all(page.nodes.map((record) => collectionShape(session, overlay, record)))
    return { ...page, nodes, edges: page.edges.map((edge, i) => ({ cursor: edge.cursor, node: nodes[i] })) }
  },
  page: async (_root, { handle, locale }: Locale & { handle: string }, { session }) => {
    const overlay = session.overlay(locale)
    const record = await session.shopper.page(handle)
    return record && pageShape(overlay, record)
  },
  pages: async (_root, { locale, ...args }: Locale & CursorPage, { session }) => {
    const overlay = session.overlay(locale)
    const page = await session.shopper.pages(args)
    const nodes = await Promise.all(page.nodes.map((record) => pageShape(overlay, record)))
    return { ...page, nodes, edges: page.edges.map((edge, i) => ({ cursor: edge.cursor, node: nodes[i] })) }
  },
  blog: async (_root, { handle, locale }: Locale & { handle: string }, { session }) => {
    const overlay = session.overlay(locale)
    const record = await session.shopper.blog(handle)
    return record && blogShape(session, overlay, record)
  },
  article: async (
    _root,
    { blogHandle, handle, locale }: Locale & { blogHandle: string; handle: string },
    { session },
  ) => {
    const overlay = session.overlay(locale)
    const blog = await session.shopper.blog(blogHandle)
    return blog && (await blogShape(session, overlay, blog)).articleByHandle({ handle })
  },
  menu: (_root, { handle, locale }: Locale & { handle: string }, { session }) =>
    menuShape(session, session.overlay(locale), handle),
}

/** Dates leave as ISO-8601 strings; the public schema takes none as input. */
export const dateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => value,
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? ast.value : null),
})
