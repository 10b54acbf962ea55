import { URL_REDIRECT_LIST } from '../../../../domain/webstore/url-redirect/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'

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

  ${resourceReadTypeDefs(URL_REDIRECT_LIST, {
    one: { name: 'urlRedirect', doc: 'One URL redirect by id; NOT_FOUND when the store has no such redirect.' },
    list: { name: 'urlRedirects', doc: "The store's URL redirects, manual and automatic." },
  })}
`
