import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PastEvent, PrepareEnv } from '../../shared/command.js'
import { DomainError } from '../../shared/errors.js'
import { liveMediaKey } from '../../media/streams.js'
import { blogStream } from '../blog/streams.js'
import type { PostCommand } from './commands.js'
import { postCreate, postDecider, postHandleReservations, postUpdate } from './definitions.js'
import type { PostEvent, PostFields } from './events.js'
import { postStream } from './streams.js'
import { STORE, ctx, prepareEnv } from '../../../test/support/decide-context.js'
import { failure } from '../../../test/support/failure.js'

const B = '01900000-0000-7000-8000-0000000000b1'
const P = '01900000-0000-7000-8000-0000000000d1'
const M = '01900000-0000-7000-8000-0000000000f1'
const NOW = '2026-01-02T03:04:05.000Z'
const LATER = '2026-02-01T09:00:00.000Z'
const spec = deciderSpec(postDecider, ctx)

const fields: PostFields = {
  postId: P,
  blogId: B,
  title: 'Summer',
  handle: 'summer',
  body: '<p>Sun</p>',
  excerpt: 'Sun',
  author: 'Ann',
  tags: ['summer'],
  coverMediaId: null,
}
const created: PostEvent = { type: 'PostCreated', data: fields }
const published: PostEvent = { type: 'PostPublished', data: { postId: P, publishedAt: NOW } }
const create = (extra: Partial<Extract<PostCommand, { type: 'PostCreate' }>['data']> = {}): PostCommand => ({
  type: 'PostCreate',
  data: { ...fields, status: 'PUBLISHED', seo: { title: '', description: '' }, publishAt: null, ...extra },
})
const update = (data: Omit<Extract<PostCommand, { type: 'PostUpdate' }>['data'], 'postId'>): PostCommand => ({
  type: 'PostUpdate',
  data: { postId: P, ...data },
})

const past = (events: { type: string; data: Record<string, unknown> }[]): PastEvent[] =>
  events.map((e, revision) => ({ ...e, revision, occurredAt: NOW }))
function envWith(streams: Record<string, PastEvent[]>, media: string[] = []): PrepareEnv {
  return prepareEnv({
    newId: () => P,
    reservationOwner: async (_scope, key) => media.find((id) => liveMediaKey(id) === key) ?? null,
    readStream: async (stream) => streams[stream] ?? [],
  })
}
const blogCreated = past([{ type: 'BlogCreated', data: { blogId: B, title: 'News', handle: 'news' } }])

describe('postCreate', () => {
  it('records a published post', () => {
    spec.given([]).when(create()).then([created, published])
  })

  it('records a scheduled draft with SEO', () => {
    spec
      .given([])
      .when(create({ status: 'DRAFT', publishAt: LATER, seo: { title: 'S', description: '' } }))
      .then([
        created,
        { type: 'PostSeoChanged', data: { postId: P, title: 'S', description: '' } },
        { type: 'PostPublishScheduled', data: { postId: P, publishAt: LATER } },
      ])
  })

  it('refuses a schedule on a published post and a reused id', () => {
    spec
      .given([])
      .when(create({ publishAt: LATER }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'publishAt'] })
    spec.given([created]).when(create()).thenFails({ code: 'CONFLICT' })
  })

  it('checks the blog and the cover in prepare, and sanitizes the body', async () => {
    const input = postCreate.input.parse({
      blogId: B,
      title: 'Summer Sale',
      body: '<a href="javascript:x()">x</a>',
      coverMediaId: M,
    })
    const prepared = await postCreate.prepare(input, envWith({ [blogStream(STORE, B)]: blogCreated }, [M]))
    expect(prepared).toMatchObject({
      stream: postStream(STORE, P),
      command: { data: { blogId: B, handle: 'summer-sale', body: '<a>x</a>', coverMediaId: M, status: 'PUBLISHED' } },
    })

    expect(await failure(() => postCreate.prepare(input, envWith({}, [M])))).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'blogId'],
    })
    const deletedBlog = past([
      ...blogCreated,
      { type: 'BlogDeleted', data: { blogId: B, handle: 'news', postIds: [] } },
    ])
    expect(
      await failure(() => postCreate.prepare(input, envWith({ [blogStream(STORE, B)]: deletedBlog }, [M]))),
    ).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'blogId'] })
    const error = await failure(() => postCreate.prepare(input, envWith({ [blogStream(STORE, B)]: blogCreated }, [])))
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      field: ['input', 'coverMediaId'],
      message: `media '${M}' does not exist in this store; upload it first (mediaCreate or upload_image)`,
    })
  })

  it('names bad input fields', () => {
    expect(postCreate.input.safeParse({ blogId: 'nope', title: 'x' }).error?.issues[0]).toMatchObject({
      path: ['blogId'],
      message: 'blogId must be a blog id (a UUID)',
    })
    expect(postCreate.input.safeParse({ blogId: B, title: 'x', coverMediaId: 'x' }).error?.issues[0]?.path).toEqual([
      'coverMediaId',
    ])
    expect(postCreate.input.safeParse({ blogId: B, title: 'x', tags: [''] }).error?.issues[0]?.path).toEqual([
      'tags',
      0,
    ])
  })
})

describe('postUpdate', () => {
  it('records each changed field as its own event', () => {
    spec
      .given([created, published])
      .when(
        update({
          title: 'Winter',
          handle: 'winter',
          body: '<p>Snow</p>',
          excerpt: 'Snow',
          author: 'Bo',
          tags: ['winter', 'summer'],
          coverMediaId: M,
        }),
      )
      .then([
        { type: 'PostRetitled', data: { postId: P, title: 'Winter' } },
        { type: 'PostHandleChanged', data: { postId: P, blogId: B, from: 'summer', to: 'winter' } },
        { type: 'PostBodyChanged', data: { postId: P, body: '<p>Snow</p>' } },
        { type: 'PostExcerptChanged', data: { postId: P, excerpt: 'Snow' } },
        { type: 'PostAuthorChanged', data: { postId: P, author: 'Bo' } },
        { type: 'PostTagsChanged', data: { postId: P, tags: ['winter', 'summer'], added: ['winter'], removed: [] } },
        { type: 'PostCoverChanged', data: { postId: P, mediaId: M } },
      ])
  })

  it('records nothing when nothing changes, and removes a cover', () => {
    spec
      .given([created, published])
      .when(update({ title: 'Summer', tags: ['summer'], status: 'PUBLISHED' }))
      .then([])
    spec
      .given([created, { type: 'PostCoverChanged', data: { postId: P, mediaId: M } }])
      .when(update({ coverMediaId: null }))
      .then([{ type: 'PostCoverChanged', data: { postId: P, mediaId: null } }])
  })

  it('unpublishes and publishes', () => {
    spec
      .given([created, published])
      .when(update({ status: 'DRAFT' }))
      .then([{ type: 'PostUnpublished', data: { postId: P } }])
    spec
      .given([created])
      .when(update({ status: 'PUBLISHED' }))
      .then([published])
  })

  it('answers NOT_FOUND for unknown and deleted posts, and for posts of a deleted blog', async () => {
    spec
      .given([])
      .when(update({ title: 'x' }))
      .thenFails({ code: 'NOT_FOUND', message: `post '${P}' does not exist in this store` })
    spec
      .given([created, { type: 'PostDeleted', data: { postId: P, blogId: B, handle: 'summer' } }])
      .when(update({ title: 'x' }))
      .thenFails({ code: 'NOT_FOUND' })
    const streams = {
      [postStream(STORE, P)]: past([created]),
      [blogStream(STORE, B)]: past([
        ...blogCreated,
        { type: 'BlogDeleted', data: { blogId: B, handle: 'news', postIds: [P] } },
      ]),
    }
    expect(
      await failure(() => postUpdate.prepare(postUpdate.input.parse({ id: P, title: 'x' }), envWith(streams))),
    ).toMatchObject({ code: 'NOT_FOUND', message: `post '${P}' does not exist in this store` })
  })
})

describe('postDelete and postPublishDue', () => {
  it('deletes a live post once', () => {
    spec
      .given([created])
      .when({ type: 'PostDelete', data: { postId: P } })
      .then([{ type: 'PostDeleted', data: { postId: P, blogId: B, handle: 'summer' } }])
    spec
      .given([])
      .when({ type: 'PostDelete', data: { postId: P } })
      .thenFails({ code: 'NOT_FOUND' })
  })

  it('publishes a due draft and nothing otherwise', () => {
    const due: PostCommand = { type: 'PostPublishDue', data: { postId: P } }
    const scheduled: PostEvent = { type: 'PostPublishScheduled', data: { postId: P, publishAt: LATER } }
    spec
      .given([created, scheduled])
      .when(due, { now: new Date(LATER) })
      .then([
        { type: 'PostPublished', data: { postId: P, publishedAt: LATER } },
        { type: 'PostPublishUnscheduled', data: { postId: P, reason: 'published' } },
      ])
    spec.given([created, scheduled]).when(due).then([])
    spec.given([]).when(due).then([])
  })
})

describe('post handle reservations', () => {
  it('reserves handles per blog', () => {
    const changes = postHandleReservations(
      [created, { type: 'PostHandleChanged', data: { postId: P, blogId: B, from: 'summer', to: 'winter' } }],
      { kind: 'empty' },
      ctx,
    )
    expect(changes.map((c) => `${c.kind} ${c.scope} ${c.key}`)).toEqual([
      `claim ${STORE} post-handle:${B}/summer`,
      `release ${STORE} post-handle:${B}/summer`,
      `claim ${STORE} post-handle:${B}/winter`,
    ])
  })
})
