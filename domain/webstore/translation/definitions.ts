import { defineCommand, type AnyCommandDefinition, type PrepareEnv, storeWrite } from '../../shared/command.js'
import { deciderOf } from '../../shared/event.js'
import type { StoreEvent } from '../../tenancy/store/events.js'
import { evolveStore, initialStore } from '../../tenancy/store/store.js'
import { storeStream } from '../../tenancy/store/streams.js'
import {
  translationsRegisterInput,
  translationsRemoveInput,
  type StoreLocales,
  type TranslatableSourceFacts,
  type TranslationCommand,
} from './commands.js'
import { decideTranslation } from './decide.js'
import { sourceDigest } from './digest.js'
import { TRANSLATION_CATEGORY, translationStream } from './streams.js'
import { evolveTranslation, initialTranslationState } from './translation.js'
import { storeOf, onStoreEntity } from '../../shared/store-of.js'

export const translationDecider = deciderOf(initialTranslationState, evolveTranslation, decideTranslation)

const WRITE = storeWrite(TRANSLATION_CATEGORY, 'webstore:write', { decider: translationDecider })
const onTranslation = onStoreEntity<TranslationCommand>(translationStream)

export const translationsRegister = defineCommand({
  name: 'translationsRegister',
  tool: 'register_translations',
  description:
    'Translate text fields of a product, category, attribute, media item, page, blog, post, collection or menu into one locale. ' +
    'First call get_translatable_resource with the resource id: it lists each key (title, description, seo.title, options.0.name …) ' +
    'with its source text and digest. Send {key, value, sourceDigest} per key, sourceDigest being the digest you were given: it ' +
    'proves which source text you translated. The locale must be enabled on the store and not be its default locale. A key already ' +
    'translated is overwritten. Returns the resource with its translations. Fails with NOT_FOUND for an unknown id, BAD_USER_INPUT ' +
    'for a locale that is not enabled or a key the resource does not have, and CONFLICT when the source text changed since you ' +
    'fetched it (fetch it again and translate the current text).',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: translationsRegisterInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    return onTranslation(env, input.resourceId, {
      type: 'TranslationsRegister',
      data: input,
      facts: { source: await sourceFacts(env, storeId, input.resourceId), locales: await storeLocales(env, storeId) },
    })
  },
})

export const translationsRemove = defineCommand({
  name: 'translationsRemove',
  tool: 'remove_translations',
  description:
    'Remove translations of a resource in one locale, by key: reads in that locale show the source text for those keys again. ' +
    'Keys without a translation are skipped, so repeating a call changes nothing. Works for a locale no longer enabled too. ' +
    'Returns the resource with its remaining translations. Fails with NOT_FOUND when the id is unknown.',
  ...WRITE,
  annotations: { destructive: true, idempotent: true },
  input: translationsRemoveInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    return onTranslation(env, input.resourceId, {
      type: 'TranslationsRemove',
      data: input,
      facts: { source: await sourceFacts(env, storeId, input.resourceId) },
    })
  },
})

export const translationCommands: readonly AnyCommandDefinition[] = [translationsRegister, translationsRemove]

/** The resource's kind and the digest of each key's current source text, from its read model. */
async function sourceFacts(
  env: PrepareEnv,
  storeId: string,
  resourceId: string,
): Promise<TranslatableSourceFacts | null> {
  if (!env.catalogUsage?.translatableSource)
    throw new Error('translations need catalogUsage.translatableSource in their PrepareEnv: they check the source text')
  const source = await env.catalogUsage.translatableSource(storeId, resourceId)
  if (!source) return null
  const digests = Object.fromEntries(Object.entries(source.texts).map(([key, text]) => [key, sourceDigest(text)]))
  return { resourceType: source.resourceType, digests }
}

/** The store's locales from its own stream, the authority on them. */
async function storeLocales(env: PrepareEnv, storeId: string): Promise<StoreLocales> {
  const events = await env.readStream(storeStream(env.ctx.organizationId, storeId))
  const store = events.reduce(
    (state, event) => evolveStore(state, { type: event.type, data: event.data } as StoreEvent),
    initialStore(),
  )
  if (store.status === 'absent')
    throw new Error(`store '${storeId}' has no history in organization '${env.ctx.organizationId}'`)
  return { defaultLocale: store.config.defaultLocale, enabledLocales: store.config.enabledLocales }
}
