import { filterSchema } from '../../../domain/shared/list-spec.js'
import { BLOG_LIST } from '../../../domain/webstore/blog/list.js'
import { BLOG_SORTS, listBlogs } from '../../../app/webstore/blog/reads.js'
import { blogViewSchema } from '../../../app/webstore/blog/view.js'
import { listTool } from '../../shared/read-tools.js'
import type { ShopTool } from '../../shared/tool.js'

export const blogReadTools: readonly ShopTool[] = [
  listTool({
    name: 'list_blogs',
    description:
      "List the current store's blogs (id, title, handle) with filter.title/filter.handle, sort (CREATED_AT_DESC when omitted) and pagination. Use a blog's id as blogId of create_post and list_posts.",
    scope: 'webstore:read',
    filter: filterSchema(BLOG_LIST),
    sorts: BLOG_SORTS,
    node: blogViewSchema,
    list: listBlogs,
  }),
]
