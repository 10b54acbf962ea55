import { z } from 'zod'
import { sortSchema } from '../../../domain/shared/list-spec.js'
import { TRANSLATABLE_RESOURCE_TYPES } from '../../../domain/webstore/translation/events.js'
import { TRANSLATABLE_RESOURCE_LIST } from '../../../domain/webstore/translation/list.js'
import { listTranslatableResources, readTranslatableResource } from '../../../app/webstore/translation/reads.js'
import { translatableResourceViewSchema } from '../../../app/webstore/translation/view.js'
import { listArgsShape, listSchema } from '../../shared/lists.js'
import { grants } from '../../../domain/shared/scopes.js'
import { getTool } from '../../shared/read-tools.js'
import { callerOf } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'

/** get_translatable_resource and list_translatable_resources: what to translate and what is translated. */
export const translationReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_translatable_resource',
    description:
      'Get the translatable text of one product, category, attribute, media item, page, blog, post, collection or menu by its id: ' +
      'each key (title, description, seo.title, options.0.name …) with its source text in the default locale and the digest to ' +
      "pass to register_translations, and every locale's translations with outdated=true where the source changed since. " +
      'Fails with NOT_FOUND when the store has no resource with that id.',
    scope: 'webstore:read',
    input: z.strictObject({ resourceId: z.string().describe('The id of the product, page … (a UUID).') }),
    output: translatableResourceViewSchema,
    read: (caller, args) => readTranslatableResource(caller, args.resourceId),
  }),
  readTool({
    name: 'list_translatable_resources',
    description:
      "List the current store's resources of one kind, oldest first (sort CREATED_AT_DESC for newest first), each with its " +
      'translatable text and translations, to find what is still untranslated or outdated. Use page+limit, first+after ' +
      '(pageInfo.endCursor) or last+before (pageInfo.startCursor). Returns nodes, pageInfo and totalCount.',
    available: (scopes) => grants(scopes, 'webstore:read'),
    input: z.strictObject({
      resourceType: z.enum(TRANSLATABLE_RESOURCE_TYPES).describe('The kind of resource.'),
      ...listArgsShape,
      sort: sortSchema(TRANSLATABLE_RESOURCE_LIST)
        .nullish()
        .describe(`${TRANSLATABLE_RESOURCE_LIST.defaultSort} when omitted.`),
    }),
    output: listSchema(translatableResourceViewSchema),
    async run({ resourceType, ...args }, call) {
      const { nodes, pageInfo, totalCount } = await listTranslatableResources(callerOf(call), resourceType, args)
      return { nodes, pageInfo, totalCount }
    },
  }),
]
