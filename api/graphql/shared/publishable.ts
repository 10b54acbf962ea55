// SDL of publishable content (pages and posts): a DRAFT/PUBLISHED status with an optional
// publishAt schedule and the page SEO, by the rules of domain/shared/publishable/.

/** `enum <type>Status`, DRAFT or PUBLISHED. */
export function publishStatusEnum(type: string): string {
  return /* GraphQL */ `
  "DRAFT: hidden from shoppers (scheduled ones too, until publishAt). PUBLISHED: on the storefront since publishedAt."
  enum ${type}Status {
    DRAFT
    PUBLISHED
  }`
}

/** The localized HTML `body` of a page or post, as the sanitizer leaves it. */
export const SANITIZED_BODY_FIELD = /* GraphQL */ `"Sanitized HTML: allowed tags only, no scripts, event handlers, styles or javascript: URLs."
    body(locale: Locale): String!`

/** The status, SEO and schedule fields of a publishable `<type>`. */
export function publicationFields(type: string): string {
  return /* GraphQL */ `status: ${type}Status!
    seo: PageSeo!
    "When this DRAFT goes live by itself; null when not scheduled."
    publishAt: DateTime
    "When it went live; null while DRAFT."
    publishedAt: DateTime
    "Whether shoppers see it now: PUBLISHED and published by now."
    visible: Boolean!`
}

/** The status, SEO and schedule fields of `<type>CreateInput`. */
export function publicationCreateFields(type: string): string {
  return /* GraphQL */ `"PUBLISHED when omitted, DRAFT when publishAt is given."
    status: ${type}Status
    seo: PageSeoInput
    "Go live by itself at this time; needs status DRAFT."
    publishAt: DateTime`
}
