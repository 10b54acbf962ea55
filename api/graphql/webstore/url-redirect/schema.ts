import { URL_REDIRECT_LIST } from '../../../../domain/webstore/url-redirect/list.js'
import { listField, listTypeDefs } from '../../shared/list-sdl.js'
import { connectionTypeDefs } from '../../shared/schema.js'

/** SDL of URL redirects; their inputs, payloads and mutations come from the command definitions. */
export const urlRedirectTypeDefs = /* GraphQL */ `
  "A 301 from an old storefront path to a new place. Changing the handle of a product, collection, page, blog or post adds one by itself; the storefront serves a live resource at the path first."
  type UrlRedirect {
    id: ID!
    "The normalized storefront path (no host, query or trailing slash; lowercase), unique in the store."
    path: String!
    "Where the shopper is sent: a storefront path (its query kept) or an https:// URL."
    target: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    "Stream revision of the last change."
    revision: Int!
    "Every event of this redirect, newest first, with its actor and time."
    history(first: Int, after: String): AuditEntryConnection!
  }

  ${connectionTypeDefs('UrlRedirect')}

  ${listTypeDefs(URL_REDIRECT_LIST)}

  extend type Query {
    "One URL redirect by id; NOT_FOUND when the store has no such redirect."
    urlRedirect(id: ID!): UrlRedirect
    ${listField('urlRedirects', URL_REDIRECT_LIST, "The store's URL redirects, manual and automatic.")}
  }
`
