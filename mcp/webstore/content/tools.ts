import { z } from 'zod'
import { filterSchema, sortSchema } from '../../../domain/shared/list-spec.js'
import { CONTENT_ENTRY_LIST } from '../../../domain/webstore/content/list.js'
import { listContentEntries, readContentEntry } from '../../../app/webstore/content/reads.js'
import { contentEntryViewSchema, contentTypeViewSchema } from '../../../app/webstore/content/view.js'
import { listArgsShape, listSchema } from '../../shared/lists.js'
import { getTool } from '../../shared/read-tools.js'
import { callerOf } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { grants } from '../../../domain/shared/scopes.js'

// Read tools for content entries; their write tools come from the command registry.

export const contentReadTools: readonly ShopTool[] = [
  readTool({
    name: 'list_content_entries',
    description:
      'List the entries of a content type (by its handle, e.g. testimonial) with their field values, filtered by handle, a search or updatedAt, ' +
      "sorted and paged (page+limit, first+after, or last+before). The type's fields are listed in fieldsOfType. Fails with NOT_FOUND for an unknown type.",
    available: (scopes) => grants(scopes, 'webstore:read'),
    input: z.strictObject({
      type: z.string(),
      ...listArgsShape,
      filter: filterSchema(CONTENT_ENTRY_LIST).nullish(),
      sort: sortSchema(CONTENT_ENTRY_LIST).nullish().describe('CREATED_AT_DESC when omitted.'),
    }),
    output: listSchema(contentEntryViewSchema).extend({ fieldsOfType: contentTypeViewSchema.shape.fields }),
    async run(args, call) {
      const { nodes, pageInfo, totalCount, type } = await listContentEntries(callerOf(call), args, { field: 'type' })
      return { nodes, pageInfo, totalCount, fieldsOfType: type.fields }
    },
  }),
  getTool({
    name: 'get_content_entry',
    description:
      'Get one content entry by id with its field values. Fails with NOT_FOUND when the store has no such entry.',
    scope: 'webstore:read',
    input: z.strictObject({ id: z.string() }),
    output: contentEntryViewSchema,
    read: readContentEntry,
  }),
]
