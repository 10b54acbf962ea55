import { z } from 'zod'
import { TRANSLATABLE_RESOURCE_TYPES } from '../../../domain/webstore/translation/events.js'
import type { TranslatableResourceRecord } from '../../../projections/webstore/translation/queries.js'
import { isoString } from '../../shared/connection.js'

/** A translatable resource as GraphQL's `TranslatableResource` and the MCP tools serve it, times as ISO-8601 strings. */
export const translatableResourceViewSchema = z.object({
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

export type TranslatableResourceView = z.infer<typeof translatableResourceViewSchema>

/** Field by field, so a column the read model gains reaches no client until the view says so. */
export function toTranslatableResourceView(resource: TranslatableResourceRecord): TranslatableResourceView {
  return {
    resourceId: resource.resourceId,
    resourceType: resource.resourceType,
    translatableContent: resource.content.map(({ key, value, digest }) => ({ key, value, digest })),
    translations: resource.translations.map(({ locale, key, value, sourceDigest, outdated, updatedAt }) => ({
      locale,
      key,
      value,
      sourceDigest,
      outdated,
      updatedAt: isoString(updatedAt),
    })),
  }
}
