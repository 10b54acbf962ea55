import { z } from 'zod'

/**
 * The store configuration's value rules (locales, currency, time zone, weight unit, contact,
 * address, social links, SEO defaults), shared by the `storeUpdate` input and the store state.
 */

export const WEIGHT_UNITS = ['KG', 'G', 'LB', 'OZ'] as const
export type WeightUnit = (typeof WEIGHT_UNITS)[number]

/** ISO 4217 codes as the runtime's ICU knows them. */
export const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'))
/** IANA zones; ICU lists `UTC` under its canonical alias only, so it is added by name. */
export const TIME_ZONES: ReadonlySet<string> = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])

export const LOCALES_MAX_COUNT = 50
export const CONTACT_EMAIL_MAX_LENGTH = 254
export const SEO_TITLE_MAX_LENGTH = 70
export const SEO_DESCRIPTION_MAX_LENGTH = 320
export const ADDRESS_FIELD_MAX_LENGTH = 255

/** `en-us` → `en-US`; null when the text is not a BCP-47 language tag. */
export function canonicalLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag)
    return canonical ?? null
  } catch {
    return null
  }
}

export const locale = z
  .string({ error: 'a locale must be a string such as "en" or "fr-CA"' })
  .trim()
  .transform((tag, refinement) => {
    const canonical = canonicalLocale(tag)
    if (canonical) return canonical
    refinement.addIssue({
      code: 'custom',
      message: `'${tag}' is not a BCP-47 locale; use a language tag such as "en", "de" or "fr-CA"`,
    })
    return z.NEVER
  })

export const localeList = z
  .array(locale, { error: 'enabledLocales must be a list of locales, e.g. ["en", "fr-CA"]' })
  .min(1, 'enabledLocales must hold at least one locale, the default locale')
  .max(LOCALES_MAX_COUNT, `a store may enable at most ${LOCALES_MAX_COUNT} locales`)
  .transform((list) => [...new Set(list)])

export const currency = z
  .string({ error: 'currency must be an ISO 4217 code such as "USD"' })
  .trim()
  .toUpperCase()
  .refine((code) => CURRENCIES.has(code), {
    error: (issue) => `'${String(issue.input)}' is not an ISO 4217 currency code; use one such as USD, EUR or JPY`,
  })

export const timezone = z
  .string({ error: 'timezone must be an IANA time zone such as "Europe/Berlin"' })
  .trim()
  .refine((zone) => TIME_ZONES.has(zone), {
    error: (issue) =>
      `'${String(issue.input)}' is not an IANA time zone; use one such as UTC, Europe/Berlin or America/New_York`,
  })

export const weightUnit = z.enum(WEIGHT_UNITS, { error: `weightUnit must be one of ${WEIGHT_UNITS.join(', ')}` })

export const contactEmail = z
  .string({ error: 'contactEmail must be a string' })
  .trim()
  .toLowerCase()
  .max(CONTACT_EMAIL_MAX_LENGTH, `contactEmail must be at most ${CONTACT_EMAIL_MAX_LENGTH} characters`)
  .refine(
    (email) => email === '' || z.email().safeParse(email).success,
    'contactEmail must be an email address such as shop@example.com, or empty to clear it',
  )

const addressText = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .max(ADDRESS_FIELD_MAX_LENGTH, `${name} must be at most ${ADDRESS_FIELD_MAX_LENGTH} characters`)

/** An address line that may be left out or null (GraphQL sends null for unset variables): empty then. */
const optionalAddressText = (name: string) =>
  addressText(name)
    .nullish()
    .transform((text) => text ?? '')

/** A postal address; every field may be empty except the country, which is an ISO 3166-1 alpha-2 code. */
export const address = z.strictObject({
  line1: optionalAddressText('address.line1'),
  line2: optionalAddressText('address.line2'),
  city: optionalAddressText('address.city'),
  province: optionalAddressText('address.province'),
  postalCode: optionalAddressText('address.postalCode'),
  countryCode: z
    .string({ error: 'address.countryCode is required: an ISO 3166-1 alpha-2 code such as "US" or "DE"' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'address.countryCode must be an ISO 3166-1 alpha-2 code such as "US" or "DE"'),
})
export type StoreAddress = z.output<typeof address>

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'tiktok', 'youtube', 'pinterest', 'linkedin'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]
export type SocialLinks = Partial<Record<SocialNetwork, string>>

const httpsUrl = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .max(2048, `${name} must be at most 2048 characters`)
    .refine(
      (url) => url === '' || /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/i.test(url),
      `${name} must be an https:// URL, or empty to remove it`,
    )

/** Links to the store's profiles; an empty string removes a link. */
export const socialLinks = z.strictObject(
  Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, httpsUrl(`socialLinks.${network}`).nullish()]),
  ) as Record<SocialNetwork, z.ZodOptional<z.ZodNullable<ReturnType<typeof httpsUrl>>>>,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `socialLinks takes ${SOCIAL_NETWORKS.join(', ')}` : undefined,
  },
)

/** The SEO defaults every page falls back to. */
export const seo = z.strictObject({
  title: z
    .string({ error: 'seo.title must be a string' })
    .trim()
    .max(SEO_TITLE_MAX_LENGTH, `seo.title must be at most ${SEO_TITLE_MAX_LENGTH} characters`)
    .nullish(),
  description: z
    .string({ error: 'seo.description must be a string' })
    .trim()
    .max(SEO_DESCRIPTION_MAX_LENGTH, `seo.description must be at most ${SEO_DESCRIPTION_MAX_LENGTH} characters`)
    .nullish(),
})
export type StoreSeo = { title: string; description: string }
