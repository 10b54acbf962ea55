import type { z } from 'zod'
import { nullishFields, strictInput } from '../../shared/strict-input.js'
import { entityId, titleInput, textInput } from '../../shared/input-types.js'
import { handleInput } from '../../shared/publishable/handle.js'
import { publishAtInput, statusInput, type PublicationStatus } from '../../shared/publishable/publication.js'
import { seoInput, type Seo } from '../../shared/publishable/seo.js'
import type { PublishableInput } from '../../shared/publishable/decide.js'
import { htmlBodyInput } from '../shared/html-body.js'
import { named } from '../../shared/input-names.js'
import type { PageFields } from './events.js'

export const TEMPLATE_SUFFIX_MAX_LENGTH = 100

const templateSuffix = textInput('templateSuffix', TEMPLATE_SUFFIX_MAX_LENGTH)
  .regex(
    /^$|^[a-z0-9]+(?:[-_][a-z0-9]+)*$/,
    "templateSuffix may contain only lowercase letters, digits, '-' and '_', e.g. 'contact' for templates/page.contact.json",
  )
  .describe(
    'Renders the page with templates/page.<suffix>.json instead of page.json; an empty string goes back to the default.',
  )

/** What a page may be created with besides its title, and change later. */
const pageFields = {
  handle: handleInput('about-us', 'the store'),
  body: htmlBodyInput('body'),
  templateSuffix,
  status: named(statusInput('page'), 'PageStatus'),
  seo: seoInput,
  publishAt: publishAtInput,
}

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const pageCreateInput = strictInput('pageCreate', {
  title: titleInput().describe('The page title, e.g. "About us".'),
  ...nullishFields(pageFields),
})

export const pageUpdateInput = strictInput('pageUpdate', {
  id: entityId('page').describe('The page id returned by create_page (a UUID).'),
  title: titleInput().nullish(),
  ...nullishFields(pageFields),
})

export const pageDeleteInput = strictInput('pageDelete', { id: entityId('page') })

export type PageCreateInput = z.output<typeof pageCreateInput>
export type PageUpdateInput = z.output<typeof pageUpdateInput>

/** Every field resolved: `prepare` has chosen the id and, when none was given, a free handle. */
export type PageCreate = {
  type: 'PageCreate'
  data: PageFields & { status: PublicationStatus; seo: Seo; publishAt: string | null }
}
/** Fields left out stay; `publishAt` null cancels the schedule. */
export type PageUpdate = {
  type: 'PageUpdate'
  data: { pageId: string } & Partial<Omit<PageFields, 'pageId'>> & PublishableInput
}
export type PageDelete = { type: 'PageDelete'; data: { pageId: string } }
/** The scheduler's: publishes the page if its publishAt has come. */
export type PagePublishDue = { type: 'PagePublishDue'; data: { pageId: string } }

export type PageCommand = PageCreate | PageUpdate | PageDelete | PagePublishDue
