import { z } from 'zod'
import { requiredText } from '../../shared/input-types.js'
import {
  address,
  contactEmail,
  currency,
  locale,
  localeList,
  seo,
  socialLinks,
  timezone,
  weightUnit,
  type SocialLinks,
  type StoreAddress,
  type WeightUnit,
} from './config.js'
import { slugProblem } from './slug.js'
import { strictInput } from '../../shared/strict-input.js'

export const STORE_NAME_MAX_LENGTH = 100

const name = requiredText('name', STORE_NAME_MAX_LENGTH)

const storeId = z
  .uuid({ error: 'id must be a store id (a UUID); leave it out to mean the selected store' })
  // Stream names are case-sensitive and Postgres prints UUIDs in lowercase: one spelling per store.
  .overwrite((id) => id.toLowerCase())

export const storeCreateInput = strictInput('storeCreate', {
  name,
  slug: z
    .string({ error: 'slug is required: the store subdomain, e.g. "acme-shop"' })
    .superRefine((slug, refinement) => {
      const problem = slugProblem(slug)
      if (problem) refinement.addIssue({ code: 'custom', message: problem })
    }),
})
export type StoreCreateInput = z.infer<typeof storeCreateInput>

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const storeUpdateInput = strictInput('storeUpdate', {
  id: storeId.nullish(),
  name: name.nullish(),
  defaultLocale: locale.nullish(),
  enabledLocales: localeList.nullish(),
  currency: currency.nullish(),
  timezone: timezone.nullish(),
  weightUnit: weightUnit.nullish(),
  contactEmail: contactEmail.nullish(),
  address: address.nullish(),
  socialLinks: socialLinks.nullish(),
  seo: seo.nullish(),
})
export type StoreUpdateInput = z.output<typeof storeUpdateInput>

export const storeArchiveInput = strictInput('storeArchive', { id: storeId.nullish() })
export const storeRestoreInput = strictInput('storeRestore', { id: storeId })

export type StoreCreate = {
  type: 'StoreCreate'
  data: { storeId: string; organizationId: string; name: string; slug: string }
}
/** Fields left out stay as they are; `socialLinks` and `seo` change only the keys given. */
export type StoreUpdate = {
  type: 'StoreUpdate'
  data: {
    storeId: string
    name?: string
    defaultLocale?: string
    enabledLocales?: string[]
    currency?: string
    timezone?: string
    weightUnit?: WeightUnit
    contactEmail?: string
    address?: StoreAddress
    socialLinks?: SocialLinks
    seo?: { title?: string; description?: string }
  }
}
export type StoreArchive = { type: 'StoreArchive'; data: { storeId: string } }
export type StoreRestore = { type: 'StoreRestore'; data: { storeId: string } }

export type StoreCommand = StoreCreate | StoreUpdate | StoreArchive | StoreRestore
