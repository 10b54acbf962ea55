import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../../test/support/app.js'
import { findPublishedPage, listPublishedPages } from '../../../../projections/webstore/page/visibility.js'
import { findPublishedPost, listPublishedPosts } from '../../../../projections/webstore/post/visibility.js'
import { createBlog, createPage, createPost, waitFor } from '../../../../test/support/webstore-content.js'

// Scheduled pages and posts go live with nobody calling: the publish scheduler runs where
// projections run, here every 100 ms. The storefront-facing reads hide them until then. The schedule
// lies 4 s ahead: on a busy machine the writes and checks before it took more than 1 s.

const t = useTestApp({ config: { publishSchedulerIntervalMs: 100 } })
const AHEAD_MS = 4000

type Log = { auditLog: { nodes: { type: string; actor: { type: string; id: string } }[] } }
const SCHEDULER = { type: 'system', id: 'scheduler' }
const trail = (apiKey: string, id: string) =>
  t.gql<Log>(apiKey, 'query ($id: ID) { auditLog(filter: { entityId: $id }) { nodes { type actor { type id } } } }', {
    id,
  })

describe('scheduled publishing', () => {
  it('publishes a page scheduled ahead as the system scheduler; storefront reads hide it until then', async () => {
    const { apiKey, storeId } = await t.tenant('page-schedule')
    const db = t.platform.database.db
    const publishAt = new Date(Date.now() + AHEAD_MS).toISOString()
    const page = await createPage(t, apiKey, { title: 'Launch', publishAt })
    expect(page).toMatchObject({ status: 'DRAFT', publishAt, publishedAt: null, visible: false })
    expect(await findPublishedPage(db, storeId, 'launch')).toBeNull()
    expect((await listPublishedPages(db, storeId)).nodes).toEqual([])

    const read = () =>
      t.gql<{ page: { status: string; publishAt: string | null; publishedAt: string | null } }>(
        apiKey,
        'query ($id: ID) { page(id: $id) { status publishAt publishedAt } }',
        { id: page.id },
      )
    const later = await waitFor(read, (r) => r.data!.page.status === 'PUBLISHED', 10_000)
    expect(later.data!.page).toEqual({ status: 'PUBLISHED', publishAt: null, publishedAt: publishAt })
    expect((await findPublishedPage(db, storeId, 'launch'))?.id).toBe(page.id)
    expect((await listPublishedPages(db, storeId)).nodes.map((p) => p.id)).toEqual([page.id])
    expect((await trail(apiKey, page.id)).data!.auditLog.nodes.slice(-2)).toEqual([
      { type: 'PagePublished', actor: SCHEDULER },
      { type: 'PagePublishUnscheduled', actor: SCHEDULER },
    ])
  })

  it('publishes a scheduled post the same way, and a cancelled schedule never fires', async () => {
    const { apiKey, storeId } = await t.tenant('post-schedule')
    const db = t.platform.database.db
    const blog = await createBlog(t, apiKey, { title: 'News' })
    const publishAt = new Date(Date.now() + AHEAD_MS).toISOString()
    const post = await createPost(t, apiKey, { blogId: blog.id, title: 'Soon', publishAt })
    const cancelled = await createPost(t, apiKey, { blogId: blog.id, title: 'Never', publishAt })
    const update = await t.gql(
      apiKey,
      'mutation ($input: PostUpdateInput!) { postUpdate(input: $input) { post { publishAt } } }',
      { input: { id: cancelled.id, publishAt: null } },
    )
    expect(update.errors).toBeUndefined()
    expect(await findPublishedPost(db, storeId, blog.id, 'soon')).toBeNull()

    const read = (id: string) => () =>
      t.gql<{ post: { status: string; visible: boolean } }>(
        apiKey,
        'query ($id: ID) { post(id: $id) { status visible } }',
        { id },
      )
    const later = await waitFor(read(post.id), (r) => r.data!.post.status === 'PUBLISHED', 10_000)
    expect(later.data!.post).toEqual({ status: 'PUBLISHED', visible: true })
    expect((await read(cancelled.id)()).data!.post).toEqual({ status: 'DRAFT', visible: false })
    expect((await findPublishedPost(db, storeId, blog.id, 'soon'))?.id).toBe(post.id)
    expect((await listPublishedPosts(db, storeId, { filter: { blogId: blog.id } })).nodes.map((p) => p.id)).toEqual([
      post.id,
    ])
    expect((await trail(apiKey, post.id)).data!.auditLog.nodes.at(-1)).toEqual({
      type: 'PostPublishUnscheduled',
      actor: SCHEDULER,
    })
  })
})
