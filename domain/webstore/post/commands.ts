import { z } from 'zod'
import { nullishFields, strictInput } from '../../shared/strict-input.js'
import { entityId, titleInput, textInput, tagsInput } from '../../shared/input-types.js'
import { handleInput } from '../../shared/publishable/handle.js'
import { htmlBodyInput } from '../shared/html-body.js'
import { publishAtInput, statusInput, type PublicationStatus } from '../../shared/publishable/publication.js'
import { seoInput, type Seo } from '../../shared/publishable/seo.js'
import type { PublishableInput } from '../../shared/publishable/decide.js'
import type { PostFields } from './events.js'

export const EXCERPT_MAX_LENGTH = 1000
export const AUTHOR_MAX_LENGTH = 255
export const POST_TAG_MAX_LENGTH = 255
export const POST_TAGS_MAX_COUNT = 250

const excerpt = textInput('excerpt', EXCERPT_MAX_LENGTH).describe(
  'A short plain-text summary shown in post lists; an empty string clears it.',
)

const author = textInput('author', AUTHOR_MAX_LENGTH).describe(
  'The name shown as the author; an empty string clears it.',
)

const tags = tagsInput('post', POST_TAGS_MAX_COUNT, POST_TAG_MAX_LENGTH).describe(
  'Labels for filtering (/blogs/news/tagged/<tag>); duplicates are dropped. On update the list replaces the old one.',
)

const coverMediaId = z
  .union([z.literal(''), z.uuid()], {
    error: 'coverMediaId must be a media id (a UUID), or an empty string to remove the cover',
  })
  .overwrite((id) => id.toLowerCase())
  .describe('A media id of the store library (upload_image) shown as the cover; an empty string removes it.')

const postFields = {
  title: titleInput().describe('The post title, e.g. "Summer lookbook".'),
  handle: handleInput('summer-lookbook', 'its blog'),
  body: htmlBodyInput('body'),
  excerpt,
  author,
  tags,
  coverMediaId,
  status: statusInput('post'),
  seo: seoInput,
  publishAt: publishAtInput,
}

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const postCreateInput = strictInput('postCreate', {
  blogId: entityId('blog', 'blogId').describe('The blog the post belongs to (create_blog, list_blogs).'),
  ...nullishFields(postFields),
  title: postFields.title,
})

export const postUpdateInput = strictInput('postUpdate', {
  id: entityId('post').describe('The post id returned by create_post.'),
  ...nullishFields(postFields),
})

export const postDeleteInput = strictInput('postDelete', { id: entityId('post') })

/** Every field resolved by `prepare`: id, free handle, and the blog and cover checked to live in the store. */
export type PostCreate = {
  type: 'PostCreate'
  data: PostFields & { status: PublicationStatus; seo: Seo; publishAt: string | null }
}
/** Fields left out stay; `coverMediaId` null removes the cover, `publishAt` null cancels the schedule. */
export type PostUpdate = {
  type: 'PostUpdate'
  data: { postId: string } & Partial<Omit<PostFields, 'postId' | 'blogId'>> & PublishableInput
}
export type PostDelete = { type: 'PostDelete'; data: { postId: string } }
export type PostPublishDue = { type: 'PostPublishDue'; data: { postId: string } }

export type PostCommand = PostCreate | PostUpdate | PostDelete | PostPublishDue
