import { z } from 'zod'
import { strictInput } from '../../shared/strict-input.js'
import { seoInput, type ProductSeo, type SeoInput } from '../../catalog/product/seo.js'
import { HANDLE_MAX_LENGTH, HANDLE_PATTERN } from '../../shared/handle.js'
import { htmlBodyInput } from '../shared/html-body.js'
import { publishAtInput, statusInput, type PublicationStatus } from '../shared/publication.js'
import type { PageFields } from './events.js'

export const PAGE_TITLE_MAX_LENGTH = 255
export const TEMPLATE_SUFFIX_MAX_LENGTH = 100

/** `uuid` of an entity, lowercased: stream names are case-sensitive and Postgres prints UUIDs in lowercase. */
export function entityId(what: string, field = 'id') {
  return z
    .uuid({
      error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a ${what} id (a UUID)`),
    })
    .overwrite((id) => id.toLowerCase())
}

export function titleInput(max = PAGE_TITLE_MAX_LENGTH) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'title is required' : 'title must be a string') })
    .trim()
    .min(1, 'title must not be empty')
    .max(max, `title must be at most ${max} characters`)
}

export function handleInput(example: string, uniqueIn: string) {
  return z
    .string({ error: 'handle must be a string' })
    .trim()
    .max(HANDLE_MAX_LENGTH, `handle must be at most ${HANDLE_MAX_LENGTH} characters`)
    .regex(
      HANDLE_PATTERN,
      `handle may contain only lowercase letters a-z, digits and single hyphens between them, e.g. '${example}'`,
    )
    .describe(`The URL name, unique in ${uniqueIn}, e.g. '${example}'. Generated from the title when omitted.`)
}

const templateSuffix = z
  .string({ error: 'templateSuffix must be a string' })
  .trim()
  .max(TEMPLATE_SUFFIX_MAX_LENGTH, `templateSuffix must be at most ${TEMPLATE_SUFFIX_MAX_LENGTH} characters`)
  .regex(
    /^$|^[a-z0-9]+(?:[-_][a-z0-9]+)*$/,
    "templateSuffix may contain only lowercase letters, digits, '-' and '_', e.g. 'contact' for templates/page.contact.json",
  )
  .describe(
    'Renders the page with templates/page.<suffix>.json instead of page.json; an empty string goes back to the default.',
  )

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const pageCreateInput = strictInput('pageCreate', {
  title: titleInput().describe('The page title, e.g. "About us".'),
  handle: handleInput('about-us', 'the store').nullish(),
  body: htmlBodyInput('body').nullish(),
  templateSuffix: templateSuffix.nullish(),
  status: statusInput('page').nullish(),
  seo: seoInput.nullish(),
  publishAt: publishAtInput.nullish(),
})

export const pageUpdateInput = strictInput('pageUpdate', {
  id: entityId('page').describe('The page id returned by create_page (a UUID).'),
  title: titleInput().nullish(),
  handle: handleInput('about-us', 'the store').nullish(),
  body: htmlBodyInput('body').nullish(),
  templateSuffix: templateSuffix.nullish(),
  status: statusInput('page').nullish(),
  seo: seoInput.nullish(),
  publishAt: publishAtInput.nullish(),
})

export const pageDeleteInput = strictInput('pageDelete', { id: entityId('page') })
export const pagePublishDueInput = z.strictObject({ id: entityId('page') })

export type PageCreateInput = z.output<typeof pageCreateInput>
export type PageUpdateInput = z.output<typeof pageUpdateInput>

/** Every field resolved: `prepare` has chosen the id and, when none was given, a free handle. */
export type PageCreate = {
  type: 'PageCreate'
  data: PageFields & { status: PublicationStatus; seo: ProductSeo; publishAt: string | null }
}
/** Fields left out stay; `publishAt` null cancels the schedule. */
export type PageUpdate = {
  type: 'PageUpdate'
  data: { pageId: string } & Partial<Omit<PageFields, 'pageId'>> & {
      status?: PublicationStatus
      seo?: SeoInput
      publishAt?: string | null
    }
}
export type PageDelete = { type: 'PageDelete'; data: { pageId: string } }
/** The scheduler's: publishes the page if its publishAt has come. */
export type PagePublishDue = { type: 'PagePublishDue'; data: { pageId: string } }

export type PageCommand = PageCreate | PageUpdate | PageDelete | PagePublishDue
