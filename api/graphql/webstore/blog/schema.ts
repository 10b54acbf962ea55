import { BLOG_LIST } from '../../../../domain/webstore/blog/list.js'
import { POST_LIST } from '../../../../domain/webstore/post/list.js'
import { listField, resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { deletePayloadType, payloadType, mutationFields } from '../../shared/payloads.js'
import {
  SANITIZED_BODY_FIELD,
  publicationCreateFields,
  publicationFields,
  publishStatusEnum,
} from '../../shared/publishable.js'
import { titleAndHandleFields } from '../../shared/handle.js'

/** SDL of blogs and their posts. */
export const blogTypeDefs = /* GraphQL */ `
  ${publishStatusEnum('Post')}

  "A blog (e.g. News) holding posts, served at /blogs/<handle>."
  type Blog {
    id: ID!
    ${titleAndHandleFields('in the store')}
    ${listField('posts', POST_LIST, "The blog's posts, drafts included.")}
    createdAt: DateTime!
    updatedAt: DateTime!
    revision: Int!
    "Every event of this blog, newest first."
    history(first: Int, after: String): AuditEntryConnection!
  }

  "A blog post, served at /blogs/<blog handle>/<handle>."
  type Post {
    id: ID!
    blog: Blog!
    ${titleAndHandleFields('within its blog')}
    ${SANITIZED_BODY_FIELD}
    "Plain-text summary for lists."
    excerpt(locale: Locale): String!
    author: String!
    tags: [String!]!
    "The cover image from the store's media library; null without one."
    cover: Media
    ${publicationFields('Post')}
    createdAt: DateTime!
    updatedAt: DateTime!
    revision: Int!
    "Every event of this post, newest first."
    history(first: Int, after: String): AuditEntryConnection!
  }

  input BlogCreateInput {
    title: String!
    "Generated from the title when omitted."
    handle: String
  }

  input BlogUpdateInput {
    id: ID!
    title: String
    handle: String
  }

  input BlogDeleteInput {
    id: ID!
    "Delete the blog's posts with it; without it a blog with posts is not deleted."
    deletePosts: Boolean
  }

  input PostCreateInput {
    blogId: ID!
    title: String!
    "Generated from the title when omitted; unique within the blog."
    handle: String
    "HTML; sanitized on the way in."
    body: String
    excerpt: String
    author: String
    tags: [String!]
    "A media id of the store's library."
    coverMediaId: ID
    ${publicationCreateFields('Post')}
  }

  input PostUpdateInput {
    id: ID!
    title: String
    handle: String
    body: String
    excerpt: String
    author: String
    "Replaces the whole list."
    tags: [String!]
    "A media id of the store's library; an empty string removes the cover."
    coverMediaId: String
    "PUBLISHED puts it live now; DRAFT hides it."
    status: PostStatus
    seo: PageSeoInput
    "Schedule a DRAFT to go live at this time; null cancels the schedule."
    publishAt: DateTime
  }

  input PostDeleteInput {
    id: ID!
  }

  ${payloadType('BlogCreate', 'blog: Blog')}

  ${payloadType('BlogUpdate', 'blog: Blog', { eventPosition: 'Null when nothing changed.' })}

  ${deletePayloadType('BlogDelete')}

  ${payloadType('PostCreate', 'post: Post')}

  ${payloadType('PostUpdate', 'post: Post', { eventPosition: 'Null when nothing changed.' })}

  ${deletePayloadType('PostDelete')}

  ${resourceReadTypeDefs(BLOG_LIST, {
    one: {
      name: 'blog',
      args: 'id: ID, handle: String',
      doc: 'One blog by id or handle; NOT_FOUND when the store has no such blog.',
    },
    list: { name: 'blogs', doc: "The store's blogs." },
  })}

  ${resourceReadTypeDefs(POST_LIST, {
    one: {
      name: 'post',
      args: 'id: ID, blogHandle: String, handle: String',
      doc: 'One post by id, or by blogHandle and handle; NOT_FOUND when the store has no such post.',
    },
    list: {
      name: 'posts',
      doc: "The store's posts across blogs, drafts included: filter by blog, tag, author, status, date.",
    },
  })}

  extend type Mutation {
    ${mutationFields({
      blogCreate: 'Creates a blog. Needs webstore:write.',
      blogUpdate: 'Retitles a blog or changes its handle. Needs webstore:write.',
      blogDelete: 'Deletes a blog; one with posts only with deletePosts: true. Needs webstore:write.',
      postCreate: 'Creates a post in a blog. Needs webstore:write.',
      postUpdate: "Changes a post's fields, cover, status or schedule. Needs webstore:write.",
      postDelete: 'Deletes a post for good; its handle becomes free in its blog. Needs webstore:write.',
    })}
  }
`
