import { z } from 'zod'
import { filterSchema } from '../../../domain/shared/list-spec.js'
import { POST_LIST } from '../../../domain/webstore/post/list.js'
import { POST_SORTS, listPosts, readPost } from '../../../app/webstore/post/reads.js'
import { postViewSchema } from '../../../app/webstore/post/view.js'
import { getTool, listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

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
      'published first (sort PUBLISHED_AT_DESC when omitted; drafts sort by creation time), with pagination (page+limit, first+after with pageInfo.endCursor, ' +
      'or last+before with pageInfo.startCursor). Returns nodes, pageInfo and totalCount.',
    scope: 'webstore:read',
    filter: filterSchema(POST_LIST),
    sorts: POST_SORTS,
    node: postViewSchema,
    list: listPosts,
  }),
]
