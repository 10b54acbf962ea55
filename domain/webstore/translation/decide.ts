import { badInput, conflict, notFound } from '../../shared/errors.js'
import type { TranslationCommand, TranslationsRegister, TranslationsRemove } from './commands.js'
import type { TranslationEvent } from './events.js'
import type { TranslationState } from './translation.js'

/** Pure: the answer depends on the command, the facts `prepare` gathered and the resource's translations. */
export function decideTranslation(command: TranslationCommand, state: TranslationState): TranslationEvent[] {
  switch (command.type) {
    case 'TranslationsRegister':
      return register(command, state)
    case 'TranslationsRemove':
      return remove(command, state)
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/** Only keys whose value or digest changes become events, so repeating a call records nothing. */
function register(command: TranslationsRegister, state: TranslationState): TranslationEvent[] {
  const { resourceId, locale, translations } = command.data
  const { source, locales } = command.facts
  if (!source) throw notFound('translatable resource', resourceId)
  if (locale === locales.defaultLocale) {
    throw badInput(
      ['input', 'locale'],
      `'${locale}' is the store's default locale, whose text is the source itself; edit the resource to change it, or translate into another locale`,
    )
  }
  if (!locales.enabledLocales.includes(locale)) {
    const others = locales.enabledLocales.filter((enabled) => enabled !== locales.defaultLocale)
    const enabled = others.length
      ? `the enabled ones besides the default are ${others.join(', ')}`
      : 'only the default locale is enabled'
    throw badInput(
      ['input', 'locale'],
      `locale '${locale}' is not enabled on this store (${enabled}); enable it with storeUpdate enabledLocales first`,
    )
  }
  const current = state.locales[locale] ?? {}
  const events: TranslationEvent[] = []
  translations.forEach(({ key, value, sourceDigest }, index) => {
    const digest = source.digests[key]
    if (digest === undefined) {
      const keys = Object.keys(source.digests)
      const known = keys.length ? `its keys are ${keys.join(', ')}` : 'it has no text to translate yet'
      throw badInput(
        ['input', 'translations', index, 'key'],
        `'${key}' is not a translatable key of this ${source.resourceType.toLowerCase()}; ${known}`,
      )
    }
    if (digest !== sourceDigest) {
      throw conflict(
        `the source of '${key}' changed since its digest was fetched; fetch translatableResource again and translate the current text`,
        ['input', 'translations', index, 'sourceDigest'],
      )
    }
    const stored = current[key]
    if (stored?.value === value && stored.sourceDigest === sourceDigest) return
    events.push({
      type: 'TranslationRegistered',
      data: { resourceId, resourceType: source.resourceType, locale, key, value, sourceDigest },
    })
  })
  return events
}

/**
 * Keys without a translation are skipped, so removing twice records nothing. The locale need not
 * be enabled any more: translations of a locale that was switched off can still be cleaned up,
 * and so can those of a deleted resource.
 */
function remove(command: TranslationsRemove, state: TranslationState): TranslationEvent[] {
  const { resourceId, locale, keys } = command.data
  const translated = Object.values(state.locales).some((byKey) => Object.keys(byKey).length > 0)
  if (!command.facts.source && !translated) throw notFound('translatable resource', resourceId)
  const current = state.locales[locale] ?? {}
  return keys
    .filter((key) => key in current)
    .map((key): TranslationEvent => ({ type: 'TranslationRemoved', data: { resourceId, locale, key } }))
}
