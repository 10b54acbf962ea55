import { z } from 'zod'
import { PUBLICATION_STATUSES } from '../../../domain/shared/publishable/publication.js'
import { POST_SORTS, listPosts, readPost } from '../../../app/webstore/post/reads.js'
import { postViewSchema } from '../../../app/webstore/post/view.js'
import { dateTimeRangeFilter, stringFilter } from '../../shared/lists.js'
import { getTool, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

/** GraphQL's `PostFilter`. */
const postFilter = z.strictObject({
  blogId: z.string().nullish().describe('Posts of this blog only.'),
  tag: z.string().nullish().describe('Posts carrying this tag.'),
  author: stringFilter.nullish(),
  status: z.array(z.enum(PUBLICATION_STATUSES)).nullish().describe('Any of these statuses.'),
  publishedAt: dateTimeRangeFilter.nullish(),
  search: z.string().nullish().describe('Every word in the title, handle, excerpt, author or body, ignoring case.'),
})

export const postReadTools: readonly ShopTool[] = [
  getTool({
    name: 'get_post',
    description:
      'Get one blog post by id, or by blogHandle and handle: body, excerpt, author, tags, cover media id, status, schedule, SEO. Fails with NOT_FOUND when the store has no such post.',
    scope: 'webstore:read',
    input: z.strictObject({
      id: z.string().nullish().describe('The post id.'),
      blogHandle: z.string().nullish().describe("The blog's handle, with handle, when no id is given."),
      handle: z.string().nullish().describe("The post's handle within that blog."),
    }),
    output: postViewSchema,
    read: (caller, lookup) => readPost(caller, lookup, 'get_post'),
  }),
  listTool({
    name: 'list_posts',
    description:
      "List the current store's blog posts, drafts included, by blog, tag, author, status, publishedAt range or search, newest " +
      'published first (sort PUBLISHED_AT_DESC when omitted; drafts sort by creation time), with pagination (page+limit, or ' +
      'first+after). Returns nodes, pageInfo and totalCount.',
    scope: 'webstore:read',
    filter: postFilter,
    sorts: POST_SORTS,
    node: postViewSchema,
    list: listPosts,
  }),
]
