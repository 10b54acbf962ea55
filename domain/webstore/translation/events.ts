import { eventTypes, type DomainEvent } from '../../shared/event.js'

/** The kinds of resource whose text fields may be translated (`translatableResources(resourceType)`). */
export const TRANSLATABLE_RESOURCE_TYPES = [
  'PRODUCT',
  'CATEGORY',
  'ATTRIBUTE',
  'MEDIA',
  'PAGE',
  'BLOG',
  'POST',
  'COLLECTION',
  'MENU',
  'THEME',
  'CONTENT_ENTRY',
] as const
export type TranslatableResourceType = (typeof TRANSLATABLE_RESOURCE_TYPES)[number]

/** One key of a resource in one locale; `sourceDigest` is the digest of the source text it translates. */
export type TranslationRegistered = DomainEvent<
  'TranslationRegistered',
  {
    resourceId: string
    resourceType: TranslatableResourceType
    locale: string
    key: string
    value: string
    sourceDigest: string
  }
>
/** Reads of this key in this locale fall back to the source text again. */
export type TranslationRemoved = DomainEvent<'TranslationRemoved', { resourceId: string; locale: string; key: string }>

export type TranslationEvent = TranslationRegistered | TranslationRemoved

/** Every translation event type, for the projection's subscription. */
export const TRANSLATION_EVENT_TYPES = eventTypes<TranslationEvent>({
  TranslationRegistered: true,
  TranslationRemoved: true,
})
