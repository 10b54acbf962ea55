import { createHash } from 'node:crypto'
import { expect } from 'vitest'
import type { TestApp } from './app.js'

/** The SHA-256 digest a translation names its source text by. */
export const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

const RESOURCE_FIELDS =
  'resourceId resourceType translatableContent { key value digest } translations { locale key value sourceDigest outdated }'
const RESOURCE = `query ($id: ID!, $locale: Locale) { translatableResource(resourceId: $id) { resourceId resourceType translatableContent { key value digest } translations(locale: $locale) { locale key value sourceDigest outdated } } }`
const REGISTER = `mutation ($input: TranslationsRegisterInput!) { translationsRegister(input: $input) { translatableResource { ${RESOURCE_FIELDS} } eventPosition } }`
const REMOVE = `mutation ($input: TranslationsRemoveInput!) { translationsRemove(input: $input) { translatableResource { ${RESOURCE_FIELDS} } eventPosition } }`
/** A product's title and description in a locale. */
export const LOCALIZED = `query ($id: ID, $locale: Locale) { product(id: $id) { title(locale: $locale) description(locale: $locale) } }`
const ENABLE_LOCALES = `mutation ($input: StoreUpdateInput!) { storeUpdate(input: $input) { eventPosition } }`

export type Translation = { locale: string; key: string; value: string; sourceDigest: string; outdated: boolean }
export type TranslatableResource = {
  resourceId: string
  resourceType: string
  translatableContent: { key: string; value: string; digest: string }[]
  translations: Translation[]
}
type Written = { translatableResource: TranslatableResource | null; eventPosition: string | null }
/** A value to register, named with the source text it translates (its digest is taken for you). */
export type TranslatedText = { key: string; value: string; source: string }

/**
 * The translation operations over GraphQL, for the app a test file starts in `beforeAll` (read
 * through `app()` at call time, so the helpers can be taken apart at the top of the file).
 */
export function translationApi(app: () => TestApp) {
  return {
    register: (apiKey: string, input: Record<string, unknown>) =>
      app().gql<{ translationsRegister: Written }>(apiKey, REGISTER, { input }),
    remove: (apiKey: string, input: Record<string, unknown>) =>
      app().gql<{ translationsRemove: Written }>(apiKey, REMOVE, { input }),
    resource: (apiKey: string, id: string, locale?: string) =>
      app().gql<{ translatableResource: TranslatableResource }>(apiKey, RESOURCE, { id, locale }),
    /** A product's title and description read in a locale; fails the test on an error. */
    localized: async (apiKey: string, id: string, locale?: string) => {
      const response = await app().gql<{ product: { title: string; description: string } }>(apiKey, LOCALIZED, {
        id,
        locale,
      })
      expect(response.errors).toBeUndefined()
      return response.data!.product
    },
    /** Registers French values, each with the digest of its English source; fails the test on an error. */
    french: async (apiKey: string, resourceId: string, translations: TranslatedText[]) => {
      const input = {
        resourceId,
        locale: 'fr',
        translations: translations.map(({ key, value, source }) => ({ key, value, sourceDigest: digest(source) })),
      }
      const written = await app().gql(apiKey, REGISTER, { input })
      expect(written.errors).toBeUndefined()
    },
    /** A store with en (default), fr and de enabled. */
    multilingual: async (slug: string) => {
      const tenant = await app().tenant(slug)
      const enabled = await app().gql(tenant.apiKey, ENABLE_LOCALES, {
        input: { enabledLocales: ['en', 'fr', 'de'] },
      })
      expect(enabled.errors).toBeUndefined()
      return tenant
    },
  }
}
