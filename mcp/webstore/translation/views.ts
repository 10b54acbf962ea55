import { z } from 'zod'
import { TRANSLATION_CATEGORY } from '../../../domain/webstore/translation/streams.js'
import { TRANSLATABLE_RESOURCE_TYPES } from '../../../domain/webstore/translation/events.js'
import {
  findTranslatableResource,
  type TranslatableResourceRecord,
} from '../../../projections/webstore/translation/queries.js'
import { isoString } from '../../shared/lists.js'
import type { ResourceView } from '../../shared/view.js'

// A translatable resource as the MCP tools return it: the GraphQL fields, times as ISO-8601 strings.

export const translatableResourceSchema = z.object({
  resourceId: z.string(),
  resourceType: z.enum(TRANSLATABLE_RESOURCE_TYPES),
  translatableContent: z
    .array(
      z.object({
        key: z.string(),
        value: z.string().describe('The source text, in the default locale.'),
        digest: z.string().describe('Pass as sourceDigest to register_translations.'),
      }),
    )
    .describe('Each field with text to translate.'),
  translations: z
    .array(
      z.object({
        locale: z.string(),
        key: z.string(),
        value: z.string(),
        sourceDigest: z.string(),
        outdated: z.boolean().describe('The source text changed after this was translated.'),
        updatedAt: z.string(),
      }),
    )
    .describe('Every locale of the current fields.'),
})

export function translatableResourceJson(resource: TranslatableResourceRecord) {
  return {
    resourceId: resource.resourceId,
    resourceType: resource.resourceType,
    translatableContent: resource.content,
    translations: resource.translations.map((translation) => ({
      ...translation,
      updatedAt: isoString(translation.updatedAt),
    })),
  }
}

export const translationView: ResourceView = {
  resource: TRANSLATION_CATEGORY,
  readTool: 'get_translatable_resource',
  schema: translatableResourceSchema,
  async read(session, id) {
    const resource = session.store
      ? await findTranslatableResource(session.platform.database.db, session.store.id, id)
      : null
    return resource ? translatableResourceJson(resource) : null
  },
}
