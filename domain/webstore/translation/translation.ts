import type { TranslationEvent } from './events.js'

/** A registered value and the digest of the source text it was made for. */
export type StoredTranslation = { value: string; sourceDigest: string }

/** locale → key → translation; a resource with no translations has an empty map. */
export type TranslationState = { locales: Record<string, Record<string, StoredTranslation>> }

export const initialTranslationState = (): TranslationState => ({ locales: {} })

export function evolveTranslation(state: TranslationState, event: TranslationEvent): TranslationState {
  switch (event.type) {
    case 'TranslationRegistered': {
      const { locale, key, value, sourceDigest } = event.data
      return { locales: { ...state.locales, [locale]: { ...state.locales[locale], [key]: { value, sourceDigest } } } }
    }
    case 'TranslationRemoved': {
      const { [event.data.key]: _removed, ...rest } = state.locales[event.data.locale] ?? {}
      return { locales: { ...state.locales, [event.data.locale]: rest } }
    }
    default: {
      const _exhaustive: never = event
      return _exhaustive
    }
  }
}
