import { deleteCommand } from '../../shared/delete-command.js'
import { defineCommand, type AnyCommandDefinition, storeWrite } from '../../shared/command.js'
import { givenFields } from '../../shared/strict-input.js'
import { deciderOf } from '../../shared/event.js'
import { publishableOnCreate } from '../../shared/publishable/decide.js'
import { freeHandle, storeHandleReservations } from '../../shared/publishable/handle.js'
import { definePublishDue } from '../../shared/publishable/publish-due.js'
import { pageCreateInput, pageDeleteInput, pageUpdateInput, type PageCommand } from './commands.js'
import { decidePage } from './decide.js'
import type { PageEvent } from './events.js'
import { evolvePage, initialPageState, type PageState } from './page.js'
import { PAGE_CATEGORY, pageHandleKey, pageStream } from './streams.js'
import { onStoreEntity } from '../../shared/store-of.js'

export const pageDecider = deciderOf(initialPageState, evolvePage, decidePage)

/** Handles are claimed at creation, moved on change and freed at deletion; a taken one is CONFLICT. */
export const pageHandleReservations = storeHandleReservations<PageEvent, PageState>()('Page', pageHandleKey)

const WRITE = storeWrite(PAGE_CATEGORY, 'webstore:write', { decider: pageDecider, uniqueness: pageHandleReservations })
const onPage = onStoreEntity<PageCommand>(pageStream)

export const pageCreate = defineCommand({
  name: 'pageCreate',
  tool: 'create_page',
  description:
    'Create a web store page (About us, Contact, Shipping policy …). Only title is required. handle (the URL name, unique in the ' +
    'store: /pages/<handle>) is generated from the title when omitted, adding -2, -3 … if needed. body is HTML; scripts, event ' +
    'handlers, styles and javascript: URLs are removed. status is PUBLISHED when omitted (DRAFT keeps it hidden); publishAt ' +
    '(ISO-8601) schedules a DRAFT to go live by itself, and status then defaults to DRAFT. templateSuffix picks ' +
    'templates/page.<suffix>.json; seo {title, description} sets the search listing. Returns the page. Fails with CONFLICT when ' +
    'the handle you pass is used by another page.',
  ...WRITE,
  annotations: { destructive: false, idempotent: false },
  input: pageCreateInput,
  async prepare(input, env) {
    const pageId = env.newId()
    const handle = input.handle ?? (await freeHandle(input.title, pageId, 'page', pageHandleKey, env))
    return onPage(env, pageId, {
      type: 'PageCreate',
      data: {
        pageId,
        title: input.title,
        handle,
        body: input.body ?? '',
        templateSuffix: input.templateSuffix ?? '',
        ...publishableOnCreate(input),
      },
    })
  },
})

export const pageUpdate = defineCommand({
  name: 'pageUpdate',
  tool: 'update_page',
  description:
    'Change fields of a page, found by id. Send only what should change: omitted or null fields stay, an empty string clears body ' +
    'or templateSuffix, seo parts given replace the old ones. status PUBLISHED puts the page live now, DRAFT hides it; publishAt ' +
    'schedules a DRAFT to go live at that time and null cancels the schedule. Repeating a call changes nothing. Returns the page. ' +
    'Fails with NOT_FOUND when the id is unknown or deleted, and CONFLICT when the new handle is used by another page.',
  ...WRITE,
  annotations: { destructive: false, idempotent: true },
  input: pageUpdateInput,
  prepare(input, env) {
    const { id, publishAt, ...changes } = input
    // Unlike the other fields, null means something for publishAt: it cancels the schedule.
    return onPage(env, id, { type: 'PageUpdate', data: { pageId: id, ...givenFields(changes), publishAt } })
  },
})

export const pageDelete = deleteCommand(WRITE, onPage, 'PageDelete', 'pageId', {
  name: 'pageDelete',
  tool: 'delete_page',
  description:
    'Delete a page, found by id, for good: it leaves the storefront, menu items linking to it are reported as broken, and its ' +
    'handle becomes free. To hide a page but keep it, set its status to DRAFT with update_page instead. Returns the deleted id. ' +
    'Fails with NOT_FOUND when the id is unknown or already deleted.',
  input: pageDeleteInput,
})

export const pagePublishDue = definePublishDue({
  resource: PAGE_CATEGORY,
  scope: WRITE.scope,
  decider: pageDecider,
  command: (pageId): PageCommand => ({ type: 'PagePublishDue', data: { pageId } }),
  stream: pageStream,
})

export const pageCommands: readonly AnyCommandDefinition[] = [pageCreate, pageUpdate, pageDelete, pagePublishDue]
