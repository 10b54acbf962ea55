import { z } from 'zod'
import { notFound } from '../../../domain/shared/errors.js'
import { grants, type Scope } from '../../../domain/shared/scopes.js'
import { TRANSLATABLE_RESOURCE_TYPES } from '../../../domain/webstore/translation/events.js'
import {
  findTranslatableResource,
  listTranslatableResources,
} from '../../../projections/webstore/translation/queries.js'
import { listArgsShape, listSchema } from '../../shared/lists.js'
import { requireStore } from '../../shared/session.js'
import { readTool, type ShopTool } from '../../shared/tool.js'
import { translatableResourceJson, translatableResourceSchema } from './views.js'

const canRead = (scopes: readonly Scope[]): boolean => grants(scopes, 'webstore:read')

/** get_translatable_resource and list_translatable_resources: what to translate and what is translated. */
export const translationReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_translatable_resource',
    description:
      'Get the translatable text of one product, category, attribute, media item, page, blog, post, collection or menu by its id: ' +
      'each key (title, description, seo.title, options.0.name …) with its source text in the default locale and the digest to ' +
      "pass to register_translations, and every locale's translations with outdated=true where the source changed since. " +
      'Fails with NOT_FOUND when the store has no resource with that id.',
    available: canRead,
    input: z.strictObject({ resourceId: z.string().describe('The id of the product, page … (a UUID).') }),
    output: translatableResourceSchema,
    async run(args, { session }) {
      const resource = await findTranslatableResource(
        session.platform.database.db,
        requireStore(session).id,
        args.resourceId.toLowerCase(),
      )
      if (!resource) throw notFound('translatable resource', args.resourceId)
      return translatableResourceJson(resource)
    },
  }),
  readTool({
    name: 'list_translatable_resources',
    description:
      "List the current store's resources of one kind, oldest first, each with its translatable text and translations, to find what " +
      'is still untranslated or outdated. Use page+limit or first+after (pageInfo.endCursor). Returns nodes, pageInfo and totalCount.',
    available: canRead,
    input: z.strictObject({
      resourceType: z.enum(TRANSLATABLE_RESOURCE_TYPES).describe('The kind of resource.'),
      ...listArgsShape,
    }),
    output: listSchema(translatableResourceSchema),
    async run({ resourceType, ...args }, { session }) {
      const page = await listTranslatableResources(
        session.platform.database.db,
        requireStore(session).id,
        resourceType,
        args,
      )
      return { nodes: page.nodes.map(translatableResourceJson), pageInfo: page.pageInfo, totalCount: page.totalCount }
    },
  }),
]
