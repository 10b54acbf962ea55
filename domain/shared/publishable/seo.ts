import { z } from 'zod'

/** Shopify's limits, which is also about what search engines show before cutting the text off. */
export const SEO_TITLE_MAX_LENGTH = 70
export const SEO_DESCRIPTION_MAX_LENGTH = 320

/**
 * What search engines and link previews show for a product, collection, page or post; empty
 * strings fall back to the title and description.
 */
export type Seo = { title: string; description: string }

export const NO_SEO: Seo = { title: '', description: '' }

/** One part of the SEO input, trimmed and at most `max` characters; null or left out keeps it. */
const seoPart = (part: keyof Seo, max: number, description: string) =>
  z
    .string({ error: `seo.${part} must be a string` })
    .trim()
    .max(max, `seo.${part} must be at most ${max} characters (search engines cut longer ${part}s off)`)
    .nullish()
    .describe(description)

/** Parts left out (or null) keep their value; an empty string clears one. */
export const seoInput = z
  .strictObject(
    {
      title: seoPart(
        'title',
        SEO_TITLE_MAX_LENGTH,
        `The title search engines show, at most ${SEO_TITLE_MAX_LENGTH} characters; when empty, the title itself is shown.`,
      ),
      description: seoPart(
        'description',
        SEO_DESCRIPTION_MAX_LENGTH,
        `The description search engines show, at most ${SEO_DESCRIPTION_MAX_LENGTH} characters.`,
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `seo takes title and description only, not ${issue.keys.join(', ')}`
          : 'seo must be an object {title, description}',
    },
  )
  .describe(
    'Search engine listing: title and description. Parts left out keep their value; an empty string clears one.',
  )

export type SeoInput = z.output<typeof seoInput>

/** The SEO after an input is applied: parts given replace, parts left out stay. */
export function withSeo(current: Seo, input: SeoInput | null | undefined): Seo {
  return { title: input?.title ?? current.title, description: input?.description ?? current.description }
}

/**
 * The SEO a resource's `…SeoChanged` event carries (always the whole new SEO, both parts, so a
 * reader never has to fold to know it), or null when `next` changes nothing.
 *
 * @example changedSeo(page.seo, withSeo(page.seo, input.seo)) // { title, description } | null
 */
export function changedSeo(current: Seo, next: Seo): Seo | null {
  if (next.title === current.title && next.description === current.description) return null
  return { title: next.title, description: next.description }
}
