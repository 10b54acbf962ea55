import { PUBLICATION_STATUSES } from '../../shared/publishable/publication.js'
import { defineList, filter } from '../../shared/list-spec.js'

/** The store's blog posts as a list (GraphQL `posts` and `Blog.posts`, MCP `list_posts`). */
export const POST_LIST = defineList({
  name: 'Post',
  filters: {
    blogId: filter.id('Posts of this blog only.'),
    tag: filter.text('Posts carrying this tag.'),
    author: filter.string(),
    status: filter.enumList('PostStatus', PUBLICATION_STATUSES, 'Any of these statuses.'),
    publishedAt: filter.dateRange(),
    search: filter.search('Every word in the title, handle, excerpt, author or body, ignoring case.'),
  },
  sorts: ['PUBLISHED_AT', 'TITLE', 'CREATED_AT', 'UPDATED_AT'],
  defaultSort: 'PUBLISHED_AT_DESC',
  sortDescription: 'Order of a post list; ties are broken by id. PUBLISHED_AT sorts drafts by their creation time.',
  sortArgDescription: 'Newest published first by default; drafts sort by their creation time.',
})
