import { badInput } from '../../../../domain/shared/errors.js'
import { canonicalLocale } from '../../../../domain/tenancy/store/config.js'
import { translatedValues } from '../../../../app/webstore/translation/reads.js'
import { type RequestContext } from '../../shared/context.js'

// Translatable fields take an optional `locale` argument (API-CONVENTIONS.md): a field resolver
// made by `localized` answers the translation of that locale and falls back to the source text,
// the store's default locale. All lookups of a request are batched: one query per locale and tick.

/** The canonical form of a `locale` argument (`FR-ca` → `fr-CA`), null when absent; BAD_USER_INPUT when not BCP-47. */
export function localeArgument(locale: string | null | undefined, field = 'locale'): string | null {
  if (locale === null || locale === undefined) return null
  const canonical = canonicalLocale(locale.trim())
  if (!canonical)
    throw badInput([field], `'${locale}' is not a BCP-47 locale; use a language tag such as "en", "de" or "fr-CA"`)
  return canonical
}

type Values = Record<string, string> | undefined

type Waiter = { resolve(values: Values): void; reject(error: unknown): void }

/** Collects the (locale, resource) lookups of one request and answers them with one query per locale. */
class TranslationBatcher {
  private readonly cache = new Map<string, Promise<Values>>()
  /** locale → resource id → who waits for its values. */
  private pending = new Map<string, Map<string, Waiter>>()

  constructor(private readonly ctx: RequestContext) {}

  load(locale: string, resourceId: string): Promise<Values> {
    const cacheKey = `${locale} ${resourceId}`
    let promise = this.cache.get(cacheKey)
    if (!promise) {
      if (this.pending.size === 0) setImmediate(() => void this.flush())
      promise = new Promise<Values>((resolve, reject) => {
        const waiting = this.pending.get(locale) ?? new Map<string, Waiter>()
        waiting.set(resourceId, { resolve, reject })
        this.pending.set(locale, waiting)
      })
      this.cache.set(cacheKey, promise)
    }
    return promise
  }

  private async flush(): Promise<void> {
    const pending = this.pending
    this.pending = new Map()
    await Promise.all(
      [...pending].map(async ([locale, waiting]) => {
        try {
          const values = await translatedValues(this.ctx, locale, [...waiting.keys()])
          for (const [resourceId, waiter] of waiting) waiter.resolve(values.get(resourceId))
        } catch (error) {
          for (const waiter of waiting.values()) waiter.reject(error)
        }
      }),
    )
  }
}

const batchers = new WeakMap<object, TranslationBatcher>()

function batcherOf(ctx: RequestContext): TranslationBatcher {
  let batcher = batchers.get(ctx)
  if (!batcher) {
    batcher = new TranslationBatcher(ctx)
    batchers.set(ctx, batcher)
  }
  return batcher
}

/** `fr-CA` falls back to `fr`, then to the source. */
function localeChain(locale: string): string[] {
  const language = locale.split('-')[0]!
  return language !== locale ? [locale, language] : [locale]
}

/**
 * Every translated value of one resource in `locale`, key → value, with the fallback applied
 * (`fr-CA` values win over `fr` ones); batched like `localized`. For resolvers that translate
 * several keys at once (a content entry's fields).
 */
export async function localizedValues(
  ctx: RequestContext,
  locale: string,
  resourceId: string,
): Promise<Record<string, string>> {
  const chain = localeChain(locale)
  const found = await Promise.all(chain.map((candidate) => batcherOf(ctx).load(candidate, resourceId)))
  return Object.assign({}, ...found.reverse())
}

/**
 * The value of a translatable field in the requested locale: its translation when one is
 * registered, else the source text. Nested text (a menu item, a product option) is translated
 * on its resource: `resourceId` names that resource when the parent is not it; without one the
 * source text answers.
 *
 * @example Product: { title: localized('title', (product: ProductView) => product.title) }
 * @example ProductOption: { name: localized((o) => `options.${o.position}.name`, (o) => o.name, (o) => o.productId) }
 */
export function localized<Parent>(
  key: string | ((parent: Parent) => string),
  source: (parent: Parent) => string,
  resourceId: (parent: Parent) => string | undefined = (parent) => (parent as { id: string }).id,
) {
  return async (parent: Parent, args: { locale?: string | null }, ctx: RequestContext): Promise<string> => {
    const locale = localeArgument(args.locale)
    const id = resourceId(parent)
    // Text reached without its resource (a product's SEO in a history snapshot) has only its source.
    if (locale === null || id === undefined) return source(parent)
    const name = typeof key === 'string' ? key : key(parent)
    for (const candidate of localeChain(locale)) {
      const value = (await batcherOf(ctx).load(candidate, id))?.[name]
      if (value !== undefined) return value
    }
    return source(parent)
  }
}
