/**
 * SDL of the public storefront API (`/api/storefront/graphql` on a store's host): read-only,
 * shopper-visible data only, so its token may ship in a browser. Names follow Shopify's
 * Storefront API where it has one. Every root field takes `locale` (fr-CA → fr → source text).
 */
export const storefrontTypeDefs = /* GraphQL */ `
  "ISO-8601 date-time in UTC."
  scalar DateTime

  type Query {
    "The store: its name, locales and currency."
    shop: Shop!
    "A visible (ACTIVE) product by handle; null when there is none or it is hidden."
    product(handle: String!, locale: String): Product
    "Visible products: query searches title, vendor, tags and description; filters narrow; one pagination mode."
    products(
      first: Int
      after: String
      last: Int
      before: String
      query: String
      sortKey: ProductSortKey = CREATED_AT_DESC
      filters: ProductFilters
      locale: String
    ): ProductConnection!
    "A published collection by handle; null when there is none or it is a draft."
    collection(handle: String!, locale: String): Collection
    "Published collections by title; one pagination mode: first/after forward or last/before backward."
    collections(first: Int, after: String, last: Int, before: String, locale: String): CollectionConnection!
    "A visible page by handle; null when there is none or it is not published yet."
    page(handle: String!, locale: String): Page
    "Visible pages, newest first; first/after forward or last/before backward."
    pages(first: Int, after: String, last: Int, before: String, locale: String): PageConnection!
    "A blog by handle, with its visible articles."
    blog(handle: String!, locale: String): Blog
    "A visible article of a blog; null when it is missing or not published yet."
    article(blogHandle: String!, handle: String!, locale: String): Article
    "A menu by handle; items linking to hidden things are left out."
    menu(handle: String!, locale: String): Menu
  }

  type Shop {
    name: String!
    "The store's default locale."
    primaryLocale: String!
    "Every locale the store offers; pass one as locale."
    locales: [String!]!
    "ISO 4217 code of the store currency."
    currency: String!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  "A decimal amount as a string (\\"19.99\\") and its currency."
  type Money {
    amount: String!
    currencyCode: String!
  }

  type Image {
    "Absolute URL."
    url: String!
    altText: String!
    width: Int
    height: Int
  }

  type Seo {
    title: String!
    description: String!
  }

  enum ProductSortKey {
    TITLE_ASC
    TITLE_DESC
    PRICE_ASC
    PRICE_DESC
    CREATED_AT_ASC
    CREATED_AT_DESC
    UPDATED_AT_DESC
  }

  "Shopper filters; all given ones must hold."
  input ProductFilters {
    "Any of these vendors."
    vendor: [String!]
    "Any of these tags."
    tags: [String!]
    price: PriceRange
  }

  "Decimal strings in the store currency, both ends inclusive."
  input PriceRange {
    min: String
    max: String
  }

  type SelectedOption {
    name: String!
    value: String!
  }

  type ProductOption {
    name: String!
    values: [String!]!
  }

  type ProductVariant {
    id: ID!
    title: String!
    sku: String!
    "False in catalog mode (commerce off), else whether it is in stock or not tracked."
    availableForSale: Boolean!
    "Null in catalog mode (commerce off): the store shows no prices."
    price: Money
    compareAtPrice: Money
    selectedOptions: [SelectedOption!]!
    image: Image
  }

  type ProductPriceRange {
    minVariantPrice: Money!
    maxVariantPrice: Money!
  }

  type Product {
    id: ID!
    handle: String!
    title: String!
    "The merchant's HTML."
    description: String!
    vendor: String!
    tags: [String!]!
    seo: Seo!
    availableForSale: Boolean!
    "Null for a product without variants, and in catalog mode (commerce off)."
    priceRange: ProductPriceRange
    options: [ProductOption!]!
    variants: [ProductVariant!]!
    images: [Image!]!
    featuredImage: Image
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type ProductEdge {
    cursor: String!
    node: Product!
  }

  type ProductConnection {
    nodes: [Product!]!
    edges: [ProductEdge!]!
    pageInfo: PageInfo!
    "Counts over every page of the list, for a filter sidebar; computed only when asked for."
    facets: ProductFacets!
  }

  "A value of a facet and how many visible products have it."
  type FacetValue {
    value: String!
    count: Int!
  }

  "Lowest and highest variant price of the products in the list."
  type PriceFacet {
    min: Money
    max: Money
  }

  "Facets of a product list, each counted without its own choice (choosing a tag still counts the other tags), as the rendered collection and search pages count them."
  type ProductFacets {
    "Visible products the list's query and filters match, over all pages."
    totalCount: Int!
    "The most used tags, up to 20."
    tags: [FacetValue!]!
    "Null in catalog mode (commerce off)."
    price: PriceFacet
  }

  type Collection {
    id: ID!
    handle: String!
    title: String!
    description: String!
    seo: Seo!
    updatedAt: DateTime!
    "Its visible products, in the collection's order unless sortKey is given."
    products(
      first: Int
      after: String
      last: Int
      before: String
      sortKey: ProductSortKey
      filters: ProductFilters
    ): ProductConnection!
  }

  type CollectionEdge {
    cursor: String!
    node: Collection!
  }

  type CollectionConnection {
    nodes: [Collection!]!
    edges: [CollectionEdge!]!
    pageInfo: PageInfo!
  }

  type Page {
    id: ID!
    handle: String!
    title: String!
    "Sanitized HTML."
    body: String!
    seo: Seo!
    publishedAt: DateTime
    updatedAt: DateTime!
  }

  type PageEdge {
    cursor: String!
    node: Page!
  }

  type PageConnection {
    nodes: [Page!]!
    edges: [PageEdge!]!
    pageInfo: PageInfo!
  }

  type Blog {
    id: ID!
    handle: String!
    title: String!
    "Visible articles, newest first; first/after forward or last/before backward."
    articles(first: Int, after: String, last: Int, before: String): ArticleConnection!
    articleByHandle(handle: String!): Article
  }

  type Article {
    id: ID!
    handle: String!
    title: String!
    "Sanitized HTML."
    body: String!
    excerpt: String!
    author: String!
    tags: [String!]!
    seo: Seo!
    publishedAt: DateTime!
    blogHandle: String!
  }

  type ArticleEdge {
    cursor: String!
    node: Article!
  }

  type ArticleConnection {
    nodes: [Article!]!
    edges: [ArticleEdge!]!
    pageInfo: PageInfo!
  }

  type MenuItem {
    title: String!
    "A path on the store (/products/x) or an absolute URL."
    url: String!
    "URL, HOME, PRODUCT, CATEGORY, COLLECTION, PAGE, BLOG or POST."
    type: String!
    resourceId: ID
    items: [MenuItem!]!
  }

  type Menu {
    id: ID!
    handle: String!
    title: String!
    items: [MenuItem!]!
  }
`
