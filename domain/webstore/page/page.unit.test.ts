import { describe, expect, it } from 'vitest'
import { assertHandleLife } from '../../../test/support/handle-life-spec.js'
import { assertDeletion, deciderSpec } from '../../../test/support/decider-spec.js'
import type { PageCommand } from './commands.js'
import { pageCreate, pageDecider, pageHandleReservations, pageUpdate } from './definitions.js'
import type { PageEvent } from './events.js'
import { pageHandleKey } from './streams.js'
import { STORE, ctx, prepareEnv } from '../../../test/support/decide-context.js'

const P = '01900000-0000-7000-8000-0000000000e1'
const NOW = '2026-01-02T03:04:05.000Z'
const LATER = '2026-02-01T09:00:00.000Z'
const spec = deciderSpec(pageDecider, ctx)

const fields = { pageId: P, title: 'About us', handle: 'about-us', body: '<p>Hi</p>', templateSuffix: '' }
const created: PageEvent = { type: 'PageCreated', data: fields }
const published: PageEvent = { type: 'PagePublished', data: { pageId: P, publishedAt: NOW } }
const scheduled: PageEvent = { type: 'PagePublishScheduled', data: { pageId: P, publishAt: LATER } }
const create = (extra: Partial<Extract<PageCommand, { type: 'PageCreate' }>['data']> = {}): PageCommand => ({
  type: 'PageCreate',
  data: { ...fields, status: 'PUBLISHED', seo: { title: '', description: '' }, publishAt: null, ...extra },
})
const update = (data: Omit<Extract<PageCommand, { type: 'PageUpdate' }>['data'], 'pageId'>): PageCommand => ({
  type: 'PageUpdate',
  data: { pageId: P, ...data },
})

describe('pageCreate', () => {
  it('records a published page with its SEO', () => {
    spec
      .given([])
      .when(create({ seo: { title: 'About', description: '' } }))
      .then([created, { type: 'PageSeoChanged', data: { pageId: P, title: 'About', description: '' } }, published])
  })

  it('records a draft scheduled to go live', () => {
    spec
      .given([])
      .when(create({ status: 'DRAFT', publishAt: LATER }))
      .then([created, scheduled])
  })

  it('refuses a schedule on a page created PUBLISHED, and a reused id', () => {
    spec
      .given([])
      .when(create({ publishAt: LATER }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'publishAt'] })
    spec.given([created]).when(create()).thenFails({ code: 'CONFLICT', message: 'already exists' })
  })

  it('prepares a free handle from the title and sanitizes the body', async () => {
    const env = prepareEnv({
      newId: () => P,
      reservationOwner: async (_scope, key) => (key === pageHandleKey('about-us') ? 'someone' : null),
    })
    const input = pageCreate.input.parse({ title: 'About us', body: '<p onclick="x()">Hi<script>1</script></p>' })
    const prepared = await pageCreate.prepare(input, env)
    expect(prepared).toMatchObject({
      stream: `page-${STORE}_${P}`,
      entityId: P,
      command: { data: { handle: 'about-us-2', body: '<p>Hi</p>', status: 'PUBLISHED' } },
    })
  })

  it('names bad input fields', () => {
    expect(pageCreate.input.safeParse({ title: ' ' }).error?.issues[0]).toMatchObject({
      path: ['title'],
      message: 'title must not be empty',
    })
    expect(pageCreate.input.safeParse({ title: 'x', handle: 'Not OK' }).error?.issues[0]?.path).toEqual(['handle'])
    expect(pageCreate.input.safeParse({ title: 'x', templateSuffix: 'a b' }).error?.issues[0]?.path).toEqual([
      'templateSuffix',
    ])
    expect(pageCreate.input.safeParse({ title: 'x', status: 'LIVE' }).error?.issues[0]?.message).toBe(
      'status must be one of DRAFT, PUBLISHED',
    )
    expect(pageCreate.input.safeParse({ title: 'x', colour: 'red' }).error?.issues[0]?.message).toMatch(
      /pageCreate does not take colour/,
    )
  })
})

describe('pageUpdate', () => {
  it('records each changed field as its own event and nothing for unchanged ones', () => {
    spec
      .given([created, published])
      .when(
        update({
          title: 'About',
          handle: 'about',
          body: '<p>New</p>',
          templateSuffix: 'contact',
          seo: { description: 'D' },
        }),
      )
      .then([
        { type: 'PageRetitled', data: { pageId: P, title: 'About' } },
        { type: 'PageHandleChanged', data: { pageId: P, from: 'about-us', to: 'about' } },
        { type: 'PageBodyChanged', data: { pageId: P, body: '<p>New</p>' } },
        { type: 'PageTemplateSuffixChanged', data: { pageId: P, templateSuffix: 'contact' } },
        { type: 'PageSeoChanged', data: { pageId: P, title: '', description: 'D' } },
      ])
    spec
      .given([created, published])
      .when(update({ title: 'About us', body: '<p>Hi</p>', status: 'PUBLISHED' }))
      .then([])
  })

  it('unpublishes, schedules, cancels and publishes by hand', () => {
    spec
      .given([created, published])
      .when(update({ status: 'DRAFT', publishAt: LATER }))
      .then([{ type: 'PageUnpublished', data: { pageId: P } }, scheduled])
    spec
      .given([created, scheduled])
      .when(update({ publishAt: null }))
      .then([{ type: 'PagePublishUnscheduled', data: { pageId: P, reason: 'cancelled' } }])
    spec
      .given([created, scheduled])
      .when(update({ status: 'PUBLISHED' }))
      .then([published, { type: 'PagePublishUnscheduled', data: { pageId: P, reason: 'published' } }])
  })

  it('refuses a schedule on a published page, and unknown or deleted pages', () => {
    spec
      .given([created, published])
      .when(update({ publishAt: LATER }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'publishAt'] })
    spec
      .given([])
      .when(update({ title: 'x' }))
      .thenFails({ code: 'NOT_FOUND', message: `page '${P}' does not exist in this store` })
    spec
      .given([created, { type: 'PageDeleted', data: { pageId: P, handle: 'about-us' } }])
      .when(update({ title: 'x' }))
      .thenFails({ code: 'NOT_FOUND' })
  })

  it('keeps publishAt null (cancel) apart from left out', async () => {
    const env = prepareEnv({ newId: () => P })
    const prepared = await pageUpdate.prepare(
      pageUpdate.input.parse({ id: P.toUpperCase(), publishAt: null, title: null }),
      env,
    )
    expect(prepared.command).toEqual({
      type: 'PageUpdate',
      data: expect.objectContaining({ pageId: P, publishAt: null, title: undefined }),
    })
  })
})

describe('pageDelete and pagePublishDue', () => {
  it('deletes a live page once', () => {
    const deleted: PageEvent = { type: 'PageDeleted', data: { pageId: P, handle: 'about-us' } }
    assertDeletion(spec, { created, remove: { type: 'PageDelete', data: { pageId: P } }, deleted })
  })

  it('publishes a due draft stamped with its scheduled time, and nothing otherwise', () => {
    const due: PageCommand = { type: 'PagePublishDue', data: { pageId: P } }
    spec
      .given([created, scheduled])
      .when(due, { now: new Date('2026-02-01T09:00:01Z') })
      .then([
        { type: 'PagePublished', data: { pageId: P, publishedAt: LATER } },
        { type: 'PagePublishUnscheduled', data: { pageId: P, reason: 'published' } },
      ])
    spec.given([created, scheduled]).when(due).then([])
    spec.given([created, published]).when(due).then([])
    spec.given([]).when(due).then([])
  })
})

describe('page handle reservations', () => {
  it('claims on create, moves on change and releases on delete', () => {
    const changed: PageEvent = { type: 'PageHandleChanged', data: { pageId: P, from: 'about-us', to: 'about' } }
    const deleted: PageEvent = { type: 'PageDeleted', data: { pageId: P, handle: 'about' } }
    assertHandleLife(
      pageHandleReservations,
      [created, changed, deleted],
      ['page-handle:about-us', 'page-handle:about'],
      ctx,
    )
  })
})
