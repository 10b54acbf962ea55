/**
 * The input types of the catalog fields of ProductFilter (price, inventory, category,
 * attributes), which the product list spec (domain/catalog/product/list.ts) names, and
 * `productFacets`.
 */
export const productFilterTypeDefs = /* GraphQL */ `
  "An amount range as decimal strings in the store's currency (\\"19.99\\"); both ends inclusive."
  input MoneyRangeFilter {
    min: Decimal
    max: Decimal
  }

  "A whole-number range; both ends inclusive."
  input IntRangeFilter {
    min: Int
    max: Int
  }

  "Products in a category; with includeDescendants (the default) also those in the categories below it."
  input ProductCategoryFilter {
    id: ID!
    includeDescendants: Boolean = true
  }

  "A range of a number attribute (\\"10\\", \\"2.5\\") or a date attribute (\\"2026-01-31\\"); both ends inclusive."
  input AttributeRangeFilter {
    min: String
    max: String
  }

  "A condition on one attribute, by its code; the operators given must all hold."
  input ProductAttributeFilter {
    code: String!
    "Text values or option codes, any of them."
    in: [String!]
    range: AttributeRangeFilter
    "Yes/no attributes."
    eq: Boolean
  }

  "How many products of the filtered list have one value."
  type FacetValueCount {
    value: String!
    count: Int!
  }

  "How many products of the filtered list are in a category or below it."
  type CategoryFacetCount {
    categoryId: ID!
    title: String!
    "The handle path, e.g. men/shirts."
    path: String!
    count: Int!
  }

  "The values of one filterable attribute among the filtered products."
  type AttributeFacet {
    code: String!
    values: [FacetValueCount!]!
  }

  "Lowest and highest variant price among the filtered products; null when none has a price."
  type PriceFacet {
    min: Money
    max: Money
  }

  """
  Counts for a filtered product list. Each facet is counted with every filter applied except
  its own (disjunctive faceting): picking one tag still shows how many products each other
  tag would give. totalCount applies the whole filter.
  """
  type ProductFacets {
    totalCount: Int!
    status: [FacetValueCount!]!
    "The most frequent tags, most frequent first."
    tags: [FacetValueCount!]!
    categories: [CategoryFacetCount!]!
    attributes: [AttributeFacet!]!
    price: PriceFacet!
  }

  extend type Query {
    "Facet counts of the products that filter and search select. Needs products:read."
    productFacets(
      filter: ProductFilter
      "Full text, as ProductFilter.search."
      search: String
      "Only these attributes (filterable ones); all filterable attributes when omitted."
      attributeCodes: [String!]
      "How many tags to count, at most 100 (default 20)."
      tagLimit: Int = 20
    ): ProductFacets!
  }
`
