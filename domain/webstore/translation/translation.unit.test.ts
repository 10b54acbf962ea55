import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import type { TranslationCommand, TranslationsRegister } from './commands.js'
import { translationDecider, translationsRegister, translationsRemove } from './definitions.js'
import { sourceDigest } from './digest.js'
import type { TranslationEvent } from './events.js'
import { STORE, ctx } from '../../../test/support/decide-context.js'

const R = '01900000-0000-7000-8000-0000000000e1'
const spec = deciderSpec(translationDecider, ctx)

const TITLE = sourceDigest('Shirt')
const SEO = sourceDigest('Best shirt')
const source = { resourceType: 'PRODUCT' as const, digests: { title: TITLE, 'seo.title': SEO } }
const locales = { defaultLocale: 'en', enabledLocales: ['en', 'fr', 'de'] }
/** The French title, translated from the current source. */
const chemise = { key: 'title', value: 'Chemise', sourceDigest: TITLE }

function register(
  translations: TranslationsRegister['data']['translations'],
  locale = 'fr',
  facts: Partial<TranslationsRegister['facts']> = {},
): TranslationCommand {
  return {
    type: 'TranslationsRegister',
    data: { resourceId: R, locale, translations },
    facts: { source, locales, ...facts },
  }
}
const remove = (keys: string[], locale = 'fr', withSource = true): TranslationCommand => ({
  type: 'TranslationsRemove',
  data: { resourceId: R, locale, keys },
  facts: { source: withSource ? source : null },
})
const registered = (key: string, value: string, digest: string, locale = 'fr'): TranslationEvent => ({
  type: 'TranslationRegistered',
  data: { resourceId: R, resourceType: 'PRODUCT', locale, key, value, sourceDigest: digest },
})
const removed = (key: string, locale = 'fr'): TranslationEvent => ({
  type: 'TranslationRemoved',
  data: { resourceId: R, locale, key },
})

describe('sourceDigest', () => {
  it('is the SHA-256 hex of the UTF-8 text', () => {
    expect(sourceDigest('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sourceDigest('Été')).toMatch(/^[0-9a-f]{64}$/)
    expect(sourceDigest('Été')).not.toBe(sourceDigest('Ete'))
  })
})

describe('TranslationsRegister', () => {
  it('records one event per key translated', () => {
    spec
      .given([])
      .when(register([chemise, { key: 'seo.title', value: 'Meilleure chemise', sourceDigest: SEO }]))
      .then([registered('title', 'Chemise', TITLE), registered('seo.title', 'Meilleure chemise', SEO)])
  })

  it('overwrites a changed value and records nothing for one already registered', () => {
    const history = [registered('title', 'Chemise', TITLE)]
    spec
      .given(history)
      .when(register([chemise]))
      .then([])
    spec
      .given(history)
      .when(register([{ key: 'title', value: 'La chemise', sourceDigest: TITLE }]))
      .then([registered('title', 'La chemise', TITLE)])
  })

  it('records a re-translation against a new source digest even with the same value', () => {
    const newTitle = sourceDigest('Shirt!')
    spec
      .given([registered('title', 'Chemise', TITLE)])
      .when(
        register([{ key: 'title', value: 'Chemise', sourceDigest: newTitle }], 'fr', {
          source: { ...source, digests: { title: newTitle } },
        }),
      )
      .then([registered('title', 'Chemise', newTitle)])
  })

  it('keeps locales apart', () => {
    spec
      .given([registered('title', 'Chemise', TITLE)])
      .when(register([{ key: 'title', value: 'Hemd', sourceDigest: TITLE }], 'de'))
      .then([registered('title', 'Hemd', TITLE, 'de')])
  })

  it('refuses an unknown resource with NOT_FOUND', () => {
    spec
      .given([])
      .when(register([chemise], 'fr', { source: null }))
      .thenFails({ code: 'NOT_FOUND', message: `translatable resource '${R}' does not exist in this store` })
  })

  it('refuses the default locale and locales not enabled on the store, naming the field', () => {
    const one = [{ key: 'title', value: 'Shirt', sourceDigest: TITLE }]
    spec
      .given([])
      .when(register(one, 'en'))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'locale'], message: "'en' is the store's default locale" })
    spec
      .given([])
      .when(register(one, 'es'))
      .thenFails({
        code: 'BAD_USER_INPUT',
        field: ['input', 'locale'],
        message:
          "locale 'es' is not enabled on this store (the enabled ones besides the default are fr, de); enable it with storeUpdate enabledLocales first",
      })
    spec
      .given([])
      .when(register(one, 'fr', { locales: { defaultLocale: 'en', enabledLocales: ['en'] } }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'locale'], message: 'only the default locale is enabled' })
  })

  it.each([
    {
      refusal: 'a key the resource does not have, listing its keys',
      second: { key: 'vendor', value: 'x', sourceDigest: TITLE },
      code: 'BAD_USER_INPUT',
      at: 'key',
      message: "'vendor' is not a translatable key of this product; its keys are title, seo.title",
    },
    {
      refusal: 'a digest of another source text with CONFLICT, recording nothing for the other keys',
      second: { key: 'seo.title', value: 'x', sourceDigest: TITLE },
      code: 'CONFLICT',
      at: 'sourceDigest',
      message: "the source of 'seo.title' changed since its digest was fetched; fetch translatableResource again",
    },
  ] as const)('refuses $refusal', ({ second, code, at, message }) => {
    spec
      .given([])
      .when(register([chemise, second]))
      .thenFails({ code, field: ['input', 'translations', 1, at], message })
  })
})

describe('TranslationsRemove', () => {
  it('removes translated keys of the locale and skips the others', () => {
    spec
      .given([registered('title', 'Chemise', TITLE), registered('title', 'Hemd', TITLE, 'de')])
      .when(remove(['title', 'seo.title']))
      .then([removed('title')])
  })

  it('records nothing the second time', () => {
    spec
      .given([registered('title', 'Chemise', TITLE), removed('title')])
      .when(remove(['title']))
      .then([])
  })

  it('cleans up translations of a deleted resource, and answers NOT_FOUND for an unknown one', () => {
    spec
      .given([registered('title', 'Chemise', TITLE)])
      .when(remove(['title'], 'fr', false))
      .then([removed('title')])
    spec
      .given([])
      .when(remove(['title'], 'fr', false))
      .thenFails({ code: 'NOT_FOUND', message: 'translatable resource' })
  })
})

describe('inputs and prepare', () => {
  const env = (texts: Record<string, string> | null, storeEvents: PastEvent[]): PrepareEnv => ({
    ctx,
    newId: () => 'unused',
    reservationOwner: async () => null,
    readStream: async (stream) => (stream === `store-org-1_${STORE}` ? storeEvents : []),
    catalogUsage: {
      attributeUsage: async () => ({ values: 0, byOption: {} }),
      productsInAttributeSet: async () => 0,
      translatableSource: async (storeId, id) =>
        texts && storeId === STORE && id === R ? { resourceType: 'PRODUCT', texts } : null,
    },
  })
  const storeHistory: PastEvent[] = [
    {
      type: 'StoreCreated',
      data: { storeId: STORE, organizationId: 'org-1', name: 'S', slug: 's', defaultLocale: 'en', currency: 'EUR' },
      revision: 0,
      occurredAt: '2026-01-01T00:00:00.000Z',
    },
    {
      type: 'StoreLocalesChanged',
      data: { storeId: STORE, defaultLocale: 'en', enabledLocales: ['en', 'fr'] },
      revision: 1,
      occurredAt: '2026-01-01T00:00:00.000Z',
    },
  ]

  it('gathers the source digests and the store locales into the command', async () => {
    const input = translationsRegister.input.parse({
      resourceId: R.toUpperCase(),
      locale: 'FR',
      translations: [chemise],
    })
    const prepared = await translationsRegister.prepare(input, env({ title: 'Shirt' }, storeHistory))
    expect(prepared).toEqual({
      stream: `translation-${STORE}_${R}`,
      entityId: R,
      command: {
        type: 'TranslationsRegister',
        data: { resourceId: R, locale: 'fr', translations: [chemise] },
        facts: {
          source: { resourceType: 'PRODUCT', digests: { title: TITLE } },
          locales: { defaultLocale: 'en', enabledLocales: ['en', 'fr'] },
        },
      },
    })
    const removal = await translationsRemove.prepare(
      translationsRemove.input.parse({ resourceId: R, locale: 'fr', keys: ['title'] }),
      env(null, storeHistory),
    )
    expect(removal.command).toEqual({
      type: 'TranslationsRemove',
      data: { resourceId: R, locale: 'fr', keys: ['title'] },
      facts: { source: null },
    })
  })

  it('says what is wrong with bad input, with the field path', () => {
    const issues = (value: unknown) =>
      translationsRegister.input
        .safeParse(value)
        .error?.issues.map((issue) => ({ path: issue.path, message: issue.message }))
    const valid = {
      resourceId: R,
      locale: 'fr',
      translations: [chemise],
    }
    expect(issues(valid)).toBeUndefined()
    expect(issues({ ...valid, locale: 'not a locale!' })).toEqual([
      {
        path: ['locale'],
        message: '\'not a locale!\' is not a BCP-47 locale; use a language tag such as "en", "de" or "fr-CA"',
      },
    ])
    expect(issues({ ...valid, translations: [] })).toEqual([
      { path: ['translations'], message: 'translations must hold at least one {key, value, sourceDigest}' },
    ])
    expect(issues({ ...valid, translations: [{ key: 'title', value: '', sourceDigest: 'abc' }] })).toEqual([
      {
        path: ['translations', 0, 'value'],
        message: 'value must not be empty; to drop a translation use translationsRemove',
      },
      {
        path: ['translations', 0, 'sourceDigest'],
        message:
          'sourceDigest must be the 64 hex characters translatableResource gives as the digest of the source text',
      },
    ])
    expect(issues({ ...valid, translations: [valid.translations[0], valid.translations[0]] })).toEqual([
      { path: ['translations', 1, 'key'], message: "key 'title' appears twice; give each key once" },
    ])
    expect(issues({ ...valid, resourceId: 'nope' })).toEqual([
      { path: ['resourceId'], message: 'resourceId must be a resource id (a UUID)' },
    ])
    expect(
      translationsRemove.input.safeParse({ resourceId: R, locale: 'fr', keys: [] }).error?.issues[0]?.message,
    ).toBe('keys must hold at least one key')
  })
})
