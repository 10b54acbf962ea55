import { z } from 'zod'
import { HANDLE_PATTERN } from '../../shared/handle.js'

/**
 * The groups of a store's global settings. Each is a typed record with a schema version: events
 * carry the version their values were written in, and `upcast` brings older values to the
 * current shape on read (fields added later get their defaults), so events are never rewritten.
 */

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)

/** '' clears an id; anything else must have the id's shape. */
const optionalId = (field: string, pattern: RegExp, example: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .refine(
      (value) => value === '' || pattern.test(value),
      `${field} must look like ${example}, or be empty to clear it`,
    )

const pageHandle = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .refine(
      (value) => value === '' || HANDLE_PATTERN.test(value),
      `${field} must be the handle of a page, e.g. 'privacy-policy', or empty to clear it`,
    )

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` })

const wholeNumber = (field: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${field} must be a whole number of ${unit}` })
    .int(`${field} must be a whole number of ${unit}`)
    .min(min, `${field} must be at least ${min} ${unit}`)
    .max(max, `${field} must be at most ${max} ${unit}`)

/** A flat shipping rate: what shoppers choose at checkout, by name. */
export interface ShippingRate {
  name: string
  /** Integer minor units of the store's currency (499 = 4.99); 0 ships free. */
  amount: number
}

const shippingRates = z
  .array(
    z.strictObject(
      {
        name: text('checkout.shippingRates.name', 60).min(1, 'a shipping rate needs a name, e.g. "Standard"'),
        amount: wholeNumber('checkout.shippingRates.amount', 0, 100_000_000, 'minor units (499 = 4.99)'),
      },
      { error: 'a shipping rate is {name, amount} with amount in minor units, e.g. { name: "Standard", amount: 499 }' },
    ),
    { error: 'checkout.shippingRates must be a list of {name, amount}' },
  )
  .min(1, 'checkout.shippingRates needs at least one rate; use { name: "Free", amount: 0 } for free shipping')
  .max(20, 'checkout.shippingRates holds at most 20 rates')
  .superRefine((rates, refinement) => {
    const seen = new Set<string>()
    rates.forEach((rate, index) => {
      const key = rate.name.toLowerCase()
      if (seen.has(key))
        refinement.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `shipping rate "${rate.name}" is listed twice; shoppers choose rates by name, so give each its own`,
        })
      seen.add(key)
    })
  })

export const GROUP_SCHEMAS = {
  checkout: {
    // 2: shippingRates, taxRate, taxInclusive, reservationMinutes (version 1 values read with their defaults).
    version: 2,
    fields: {
      termsText: text('checkout.termsText', 5000),
      thankYouMessage: text('checkout.thankYouMessage', 2000),
      orderNotesEnabled: flag('checkout.orderNotesEnabled'),
      requirePhone: flag('checkout.requirePhone'),
      shippingRates,
      taxRate: wholeNumber('checkout.taxRate', 0, 10_000, 'basis points (2000 = 20%)'),
      taxInclusive: flag('checkout.taxInclusive'),
      reservationMinutes: wholeNumber('checkout.reservationMinutes', 1, 120, 'minutes'),
    },
    defaults: {
      termsText: '',
      thankYouMessage: '',
      orderNotesEnabled: true,
      requirePhone: false,
      shippingRates: [{ name: 'Standard', amount: 0 }] as ShippingRate[],
      taxRate: 0,
      taxInclusive: false,
      reservationMinutes: 15,
    },
  },
  analytics: {
    version: 1,
    fields: {
      googleAnalyticsId: optionalId('analytics.googleAnalyticsId', /^G-[A-Z0-9]{4,20}$/, 'G-XXXXXXXXXX'),
      googleTagManagerId: optionalId('analytics.googleTagManagerId', /^GTM-[A-Z0-9]{4,12}$/, 'GTM-XXXXXXX'),
      metaPixelId: optionalId('analytics.metaPixelId', /^\d{5,20}$/, 'a number such as 123456789012345'),
    },
    defaults: { googleAnalyticsId: '', googleTagManagerId: '', metaPixelId: '' },
  },
  social: {
    version: 1,
    fields: {
      xHandle: optionalId(
        'social.xHandle',
        /^[A-Za-z0-9_]{1,15}$/,
        'emporium (without @, at most 15 letters, digits or _)',
      ),
      facebookAppId: optionalId('social.facebookAppId', /^\d{5,20}$/, 'a number such as 123456789012345'),
      defaultShareImageUrl: optionalId(
        'social.defaultShareImageUrl',
        /^https:\/\/\S+$/,
        'https://example.com/share.png',
      ),
    },
    defaults: { xHandle: '', facebookAppId: '', defaultShareImageUrl: '' },
  },
  legal: {
    version: 1,
    fields: {
      privacyPolicyPage: pageHandle('legal.privacyPolicyPage'),
      termsOfServicePage: pageHandle('legal.termsOfServicePage'),
      refundPolicyPage: pageHandle('legal.refundPolicyPage'),
      shippingPolicyPage: pageHandle('legal.shippingPolicyPage'),
      imprintPage: pageHandle('legal.imprintPage'),
    },
    defaults: {
      privacyPolicyPage: '',
      termsOfServicePage: '',
      refundPolicyPage: '',
      shippingPolicyPage: '',
      imprintPage: '',
    },
  },
  maintenance: {
    version: 1,
    fields: {
      enabled: flag('maintenance.enabled'),
      message: text('maintenance.message', 1000),
    },
    defaults: { enabled: false, message: '' },
  },
} as const

export type SettingsGroup = keyof typeof GROUP_SCHEMAS
export const SETTINGS_GROUPS = Object.keys(GROUP_SCHEMAS) as SettingsGroup[]

/** The values of a group: every field of its schema. */
export type GroupValues<Group extends SettingsGroup> = {
  -readonly [Field in keyof (typeof GROUP_SCHEMAS)[Group]['fields']]: z.output<
    (typeof GROUP_SCHEMAS)[Group]['fields'][Field]
  >
}
/** One field's value: a text, a switch, a number, or a list of shipping rates. */
export type SettingValue = string | boolean | number | ShippingRate[]
export type AnyGroupValues = Record<string, SettingValue>

export function defaultsOf(group: SettingsGroup): AnyGroupValues {
  return structuredClone(GROUP_SCHEMAS[group].defaults) as AnyGroupValues
}

/** Values written in an older version, in the current shape: fields added since get their defaults. */
export function upcast(group: SettingsGroup, _version: number, values: AnyGroupValues): AnyGroupValues {
  // checkout 1 → 2 added shippingRates, taxRate, taxInclusive, reservationMinutes: their defaults fill in.
  return { ...defaultsOf(group), ...values }
}

/** The event type of a change to a group: `CheckoutSettingsChanged`, `MaintenanceSettingsChanged`, … */
export function changedEventType(group: SettingsGroup): string {
  return `${group[0]!.toUpperCase()}${group.slice(1)}SettingsChanged`
}
