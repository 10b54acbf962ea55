import { z } from 'zod'
import { strictInput } from '../../shared/strict-input.js'
import { locale } from '../../tenancy/store/config.js'
import { entityId } from '../../shared/input-types.js'
import type { TranslatableResourceType } from './events.js'

export const TRANSLATIONS_MAX_COUNT = 250
export const TRANSLATION_KEY_MAX_LENGTH = 255
export const TRANSLATION_VALUE_MAX_LENGTH = 100_000

const key = z
  .string({ error: 'key must be a string such as "title" or "seo.description"' })
  .trim()
  .min(1, 'key must not be empty; take the keys from translatableResource')
  .max(TRANSLATION_KEY_MAX_LENGTH, `key must be at most ${TRANSLATION_KEY_MAX_LENGTH} characters`)

const translationInput = z.strictObject({
  key: key.describe('The field, as listed by translatableResource: "title", "seo.description", "options.0.name" …'),
  value: z
    .string({ error: 'value must be a string' })
    .min(1, 'value must not be empty; to drop a translation use translationsRemove')
    .max(TRANSLATION_VALUE_MAX_LENGTH, `value must be at most ${TRANSLATION_VALUE_MAX_LENGTH} characters`)
    .describe('The translated text.'),
  sourceDigest: z
    .string({ error: 'sourceDigest must be a string' })
    .regex(
      /^[0-9a-f]{64}$/,
      'sourceDigest must be the 64 hex characters translatableResource gives as the digest of the source text',
    )
    .describe('The digest of the source text that was translated, as translatableResource gives it.'),
})

/** Keys appear once per call: two values for one key would leave it unclear which wins. */
function uniqueKeys<Item>(
  items: Item[],
  keyOf: (item: Item) => string,
  field: (index: number) => (string | number)[],
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>()
  items.forEach((item, index) => {
    const name = keyOf(item)
    if (seen.has(name))
      ctx.addIssue({ code: 'custom', path: field(index), message: `key '${name}' appears twice; give each key once` })
    seen.add(name)
  })
}

export const translationsRegisterInput = strictInput('translationsRegister', {
  resourceId: entityId('resource', 'resourceId').describe(
    'The id of the product, page, category … to translate (a UUID).',
  ),
  locale: locale.describe('An enabled locale of the store other than its default, e.g. "fr".'),
  translations: z
    .array(translationInput, { error: 'translations must be a list of {key, value, sourceDigest}' })
    .min(1, 'translations must hold at least one {key, value, sourceDigest}')
    .max(TRANSLATIONS_MAX_COUNT, `translations may hold at most ${TRANSLATIONS_MAX_COUNT} entries; split the call`)
    .superRefine((items, ctx) =>
      uniqueKeys(
        items,
        (item) => item.key,
        (index) => [index, 'key'],
        ctx,
      ),
    ),
})

export const translationsRemoveInput = strictInput('translationsRemove', {
  resourceId: entityId('resource', 'resourceId'),
  locale: locale.describe('The locale whose translations go, e.g. "fr".'),
  keys: z
    .array(key, { error: 'keys must be a list of keys such as ["title"]' })
    .min(1, 'keys must hold at least one key')
    .max(TRANSLATIONS_MAX_COUNT, `keys may hold at most ${TRANSLATIONS_MAX_COUNT} entries`)
    .superRefine((items, ctx) =>
      uniqueKeys(
        items,
        (item) => item,
        (index) => [index],
        ctx,
      ),
    ),
})

export type TranslationsRegisterInput = z.output<typeof translationsRegisterInput>
export type TranslationsRemoveInput = z.output<typeof translationsRemoveInput>

/** The resource as it is now: its kind and the digest of each translatable key's source text. */
export type TranslatableSourceFacts = { resourceType: TranslatableResourceType; digests: Record<string, string> }

/** The store's locales when the command was prepared. */
export type StoreLocales = { defaultLocale: string; enabledLocales: string[] }

/** `source` is null when the resource does not exist in the store (deleted, another store's or never created). */
export type TranslationsRegister = {
  type: 'TranslationsRegister'
  data: TranslationsRegisterInput
  facts: { source: TranslatableSourceFacts | null; locales: StoreLocales }
}
export type TranslationsRemove = {
  type: 'TranslationsRemove'
  data: TranslationsRemoveInput
  facts: { source: TranslatableSourceFacts | null }
}

export type TranslationCommand = TranslationsRegister | TranslationsRemove
