import { changeEvents } from '../../shared/change-events.js'
import type { DecideContext } from '../../shared/context.js'
import { conflict, notFound } from '../../shared/errors.js'
import { NEW_PUBLISHABLE, publishableChanges } from '../../shared/publishable/decide.js'
import { publishDueChanges } from '../../shared/publishable/publication.js'
import type { PageCommand, PageCreate, PageUpdate } from './commands.js'
import { pagePublishable, type PageEvent } from './events.js'
import type { LivePage, PageState } from './page.js'

/** Pure: the answer depends on the command, the page's history and the time in `ctx`. */
export function decidePage(command: PageCommand, state: PageState, ctx: DecideContext): PageEvent[] {
  switch (command.type) {
    case 'PageCreate':
      return create(command, state, ctx)
    case 'PageUpdate':
      return update(command, state, ctx)
    case 'PageDelete': {
      const page = live(state, command.data.pageId)
      return [{ type: 'PageDeleted', data: { pageId: page.pageId, handle: page.handle } }]
    }
    case 'PagePublishDue':
      // A page deleted since the scheduler's poll is no error: there is nothing to publish.
      if (state.kind !== 'existing') return []
      return publishDueChanges(state.page, ctx.now).map((change) => pagePublishable.eventOf(state.page.pageId, change))
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

function create(command: PageCreate, state: PageState, ctx: DecideContext): PageEvent[] {
  if (state.kind !== 'empty')
    throw conflict(`page '${command.data.pageId}' already exists; use pageUpdate to change it`)
  const { status, seo, publishAt, ...fields } = command.data
  return [
    { type: 'PageCreated', data: fields },
    ...pagePublishable.eventsOf(
      fields.pageId,
      publishableChanges(NEW_PUBLISHABLE, { status, seo, publishAt }, ctx.now),
    ),
  ]
}

/** Only fields that really change become events, so repeating an update records nothing. */
function update(command: PageUpdate, state: PageState, ctx: DecideContext): PageEvent[] {
  const page = live(state, command.data.pageId)
  const { pageId, status, seo, publishAt } = command.data
  const events: PageEvent[] = changeEvents(page, command.data, {
    title: (title) => ({ type: 'PageRetitled', data: { pageId, title } }),
    handle: (to) => ({ type: 'PageHandleChanged', data: { pageId, from: page.handle, to } }),
    body: (body) => ({ type: 'PageBodyChanged', data: { pageId, body } }),
    templateSuffix: (templateSuffix) => ({ type: 'PageTemplateSuffixChanged', data: { pageId, templateSuffix } }),
  })
  return [...events, ...pagePublishable.eventsOf(pageId, publishableChanges(page, { status, seo, publishAt }, ctx.now))]
}

/** Another store's page lives in a stream named after that store, so it answers NOT_FOUND like a missing one. */
function live(state: PageState, pageId: string): LivePage {
  if (state.kind !== 'existing') throw notFound('page', pageId)
  return state.page
}
