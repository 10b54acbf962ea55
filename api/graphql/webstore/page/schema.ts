import { PAGE_LIST } from '../../../../domain/webstore/page/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { seoTypeDefs } from '../../shared/seo.js'
import { EVENT_POSITION, deletePayloadType, payloadType, mutationFields } from '../../shared/payloads.js'
import {
  SANITIZED_BODY_FIELD,
  publicationCreateFields,
  publicationFields,
  publishStatusEnum,
} from '../../shared/publishable.js'
import { titleAndHandleFields } from '../../shared/handle.js'

/** SDL of web store pages. */
export const pageTypeDefs = /* GraphQL */ `
  ${publishStatusEnum('Page')}

  ${seoTypeDefs('Page', { of: 'a page or post' })}

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

  input PageCreateInput {
    title: String!
    "Generated from the title when omitted."
    handle: String
    "HTML; sanitized on the way in."
    body: String
    templateSuffix: String
    ${publicationCreateFields('Page')}
  }

  input PageUpdateInput {
    id: ID!
    title: String
    handle: String
    "HTML; sanitized on the way in. An empty string clears it."
    body: String
    templateSuffix: String
    "PUBLISHED puts it live now; DRAFT hides it."
    status: PageStatus
    "Parts given replace the old ones."
    seo: PageSeoInput
    "Schedule a DRAFT to go live at this time; null cancels the schedule."
    publishAt: DateTime
  }

  input PageDeleteInput {
    id: ID!
  }

  ${payloadType('PageCreate', 'page: Page', { eventPosition: 'Log position of the write.' })}

  ${payloadType('PageUpdate', 'page: Page', { eventPosition: EVENT_POSITION.unchanged })}

  ${deletePayloadType('PageDelete')}

  ${resourceReadTypeDefs(PAGE_LIST, {
    one: {
      name: 'page',
      args: 'id: ID, handle: String',
      doc: 'One page by id or handle; NOT_FOUND when the store has no such page.',
    },
    list: { name: 'pages', doc: "The store's pages, drafts included." },
  })}

  extend type Mutation {
    ${mutationFields({
      pageCreate: 'Creates a page. Needs webstore:write.',
      pageUpdate: "Changes a page's fields, status or schedule. Needs webstore:write.",
      pageDelete: 'Deletes a page for good; its handle becomes free. Needs webstore:write.',
    })}
  }
`
