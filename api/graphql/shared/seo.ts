/** How one resource's SEO types word their docstrings. */
export interface SeoDocs {
  /** Whose SEO it is, e.g. `a category`. */
  of: string
  /** What stands in for an empty SEO title; `the title` when not given. */
  titleFallback?: string
  /** Whether the input's fields state their length limits too. */
  inputLimits?: boolean
  /** The input comes with the resource's generated mutations (from the commands' zod `seo`): write only the type. */
  generatedInput?: boolean
}

/**
 * SDL of `<type>Seo`, what search engines and link previews show for a resource (title and
 * description, translated by `locale`), and of `<type>SeoInput`, which changes it part by part.
 *
 * @example seoTypeDefs('Category', { of: 'a category', titleFallback: 'the category title', inputLimits: true })
 */
export function seoTypeDefs(type: string, docs: SeoDocs): string {
  return /* GraphQL */ `
  "What search engines and link previews show for ${docs.of}; locale translates title and description."
  type ${type}Seo {
    "At most 70 characters; empty when not set (${docs.titleFallback ?? 'the title'} is used then)."
    title(locale: Locale): String!
    "At most 320 characters; empty when not set."
    description(locale: Locale): String!
  }

${docs.generatedInput ? '' : seoInputTypeDefs(type, docs)}`
}

function seoInputTypeDefs(type: string, docs: SeoDocs): string {
  const limit = (text: string) => (docs.inputLimits ? `"${text}"\n    ` : '')
  return /* GraphQL */ `
  "Parts left out keep their value; an empty string clears one."
  input ${type}SeoInput {
    ${limit('At most 70 characters.')}title: String
    ${limit('At most 320 characters.')}description: String
  }
`
}
