import { moneyResolvers, moneyTypeDefs } from './money.js'
import { DATE_TIME_DESCRIPTION, JSON_DESCRIPTION, dateTimeScalar, jsonScalar } from './scalars.js'

/** Types every slice shares: scalars, pagination and the common filter inputs. */
export const sharedTypeDefs = /* GraphQL */ `
  "${DATE_TIME_DESCRIPTION}"
  scalar DateTime
  "${JSON_DESCRIPTION}"
  scalar JSON

  type Query
  type Mutation

  "Where a page of a list stands. page and totalPages are set in page mode, cursors in both modes."
  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
    page: Int
    totalPages: Int
  }

  "Conditions on a text field; all given operators must hold. contains and startsWith ignore case."
  input StringFilter {
    eq: String
    in: [String!]
    contains: String
    startsWith: String
  }

  "A time range: from is inclusive, to is exclusive."
  input DateTimeRangeFilter {
    from: DateTime
    to: DateTime
  }

  ${moneyTypeDefs}
`

export const sharedResolvers = {
  DateTime: dateTimeScalar,
  JSON: jsonScalar,
  ...moneyResolvers,
}

/** SDL of `<Type>Connection` and `<Type>Edge`, identical for every list (API-CONVENTIONS.md). */
export function connectionTypeDefs(type: string): string {
  return /* GraphQL */ `
  "A page of ${type} objects with the total count of the filtered list."
  type ${type}Connection {
    nodes: [${type}!]!
    edges: [${type}Edge!]!
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type ${type}Edge {
    node: ${type}!
    cursor: String!
  }
`
}

/** The list arguments every list field takes, for SDL. */
export const LIST_ARGS = `
    "Page number, from 1 (page mode)."
    page: Int
    "Page size in page mode, at most 250 (default 20)."
    limit: Int
    "Page size in cursor mode, at most 250 (default 20)."
    first: Int
    "Cursor mode: the endCursor of the previous page."
    after: String
    "Page size in cursor mode walking backward, at most 250 (default 20); not with first."
    last: Int
    "Cursor mode backward: the startCursor of the next page; not with after."
    before: String`
