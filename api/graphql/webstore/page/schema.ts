import { PAGE_LIST } from '../../../../domain/webstore/page/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { seoTypeDefs } from '../../shared/seo.js'
import { SANITIZED_BODY_FIELD, publicationFields, publishStatusEnum } from '../../shared/publishable.js'
import { titleAndHandleFields } from '../../shared/handle.js'

/** SDL of web store pages; their inputs, payloads and mutations come from the command definitions. */
export const pageTypeDefs = /* GraphQL */ `
  ${publishStatusEnum('Page')}

  ${seoTypeDefs('Page', { of: 'a page or post', generatedInput: true })}

  "A web store page such as About us or Shipping policy, served at /pages/<handle>."
  type Page {
    id: ID!
    ${titleAndHandleFields('in the store')}
    ${SANITIZED_BODY_FIELD}
    "Renders with templates/page.<suffix>.json; empty for page.json."
    templateSuffix: String!
    ${publicationFields('Page')}
    createdAt: DateTime!
    updatedAt: DateTime!
    "Stream revision of the last change."
    revision: Int!
    "Every event of this page, newest first, with its actor and time."
    history(first: Int, after: String): AuditEntryConnection!
  }

  ${resourceReadTypeDefs(PAGE_LIST, {
    one: {
      name: 'page',
      args: 'id: ID, handle: String',
      doc: 'One page by id or handle; NOT_FOUND when the store has no such page.',
    },
    list: { name: 'pages', doc: "The store's pages, drafts included." },
  })}
`
