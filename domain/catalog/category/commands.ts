import { z } from 'zod'
import { descriptionInput, entityId, titleInput, wholeNumber, textInput } from '../../shared/input-types.js'
import { HANDLE_MAX_LENGTH, HANDLE_PATTERN } from '../../shared/handle.js'
import type { CategoryContent, CategorySeo } from './events.js'
import { strictInput } from '../../shared/strict-input.js'
import { toRevisionInput } from '../../shared/revert-point.js'

/** Search engines cut titles and descriptions at about these lengths (Shopify's limits). */
export const SEO_TITLE_MAX_LENGTH = 70
export const SEO_DESCRIPTION_MAX_LENGTH = 320
export const REORDER_MAX = 250

// Messages name the field and the rule, because agents and integrations act on them verbatim;
// the path of each issue becomes `extensions.field`, so schema keys are the input's field names.

const categoryId = entityId('category').describe('The category id returned by create_category (a UUID).')

const parentId = entityId('category', 'parentId')
  .nullable()
  .describe('The parent category id; null (or omitted on create) makes it a root category.')

const title = titleInput().describe('The name shown to shoppers, e.g. "Shirts".')

const handle = textInput('handle', HANDLE_MAX_LENGTH)
  .regex(
    HANDLE_PATTERN,
    "handle may contain only lowercase letters a-z, digits and single hyphens between them, e.g. 'shirts'",
  )
  .describe("The URL name, unique among the category's siblings, e.g. 'shirts'. Generated from the title when omitted.")

const description = descriptionInput().describe('The category description; an empty string clears it.')

const imageId = z
  .union([z.literal(''), entityId('media', 'imageId')], {
    error: 'imageId must be a media id (a UUID), or an empty string to remove the image',
  })
  .describe('A media id of the media library (upload_image returns it); an empty string removes the image.')

/** One part of the SEO input, trimmed and at most `max` characters; null or left out keeps it. */
const seoPart = (part: 'title' | 'description', max: number) =>
  z
    .string({ error: `seo.${part} must be a string` })
    .trim()
    .max(max, `seo.${part} must be at most ${max} characters, as search engines cut longer ${part}s`)
    .nullish()

const seo = z
  .strictObject(
    { title: seoPart('title', SEO_TITLE_MAX_LENGTH), description: seoPart('description', SEO_DESCRIPTION_MAX_LENGTH) },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `seo takes only title and description`
          : 'seo must be an object {title, description}',
    },
  )
  .describe('Title and description for search engines; empty strings fall back to the category title and description.')

const position = wholeNumber('position', { min: 0 }).describe(
  'Index among the siblings, counting from 0 (0 puts it first); last when omitted or beyond the end.',
)

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const categoryCreateInput = strictInput('categoryCreate', {
  title,
  handle: handle.nullish(),
  parentId: parentId.optional(),
  position: position.nullish(),
  description: description.nullish(),
  imageId: imageId.nullish(),
  seo: seo.nullish(),
})

export const categoryUpdateInput = strictInput('categoryUpdate', {
  id: categoryId,
  title: title.nullish(),
  handle: handle.nullish(),
  description: description.nullish(),
  imageId: imageId.nullish(),
  seo: seo.nullish(),
})

export const categoryMoveInput = strictInput('categoryMove', {
  id: categoryId,
  parentId: parentId
    .optional()
    .describe('The new parent category id; null or omitted makes it a root category, as on create.'),
  position: position.nullish(),
})

export const categoryReorderInput = strictInput('categoryReorder', {
  parentId: parentId.optional().describe('Whose children to reorder; null or omitted: the root categories.'),
  ids: z
    .array(entityId('category', 'each id'), {
      error: (issue) => (issue.input === undefined ? 'ids is required' : 'ids must be a list of category ids'),
    })
    .min(1, 'ids must name at least one category')
    .max(REORDER_MAX, `ids may name at most ${REORDER_MAX} categories`)
    .describe(
      'Children of that parent in their new order; the listed ones come first, the others keep their order after them.',
    ),
})

export const categoryDeleteInput = strictInput('categoryDelete', {
  id: categoryId,
  deleteDescendants: z
    .boolean({ error: 'deleteDescendants must be true or false' })
    .nullish()
    .describe('Also delete every subcategory; without it a category with subcategories is refused.'),
})

export const categoryRevertInput = strictInput('categoryRevert', {
  id: categoryId,
  toRevision: toRevisionInput(
    'toRevision must be 0 or more',
    "The revision to restore, from the category's history: the category comes back as the whole change that wrote it left it (0: as created).",
  ),
})

export type CategoryCreateInput = z.output<typeof categoryCreateInput>
export type CategoryUpdateInput = z.output<typeof categoryUpdateInput>

/** `handle` null: derived from the title, numbered when a sibling holds it. `position` null: last. */
export type CategoryCreate = {
  type: 'CategoryCreate'
  data: { categoryId: string; parentId: string | null; position: number | null } & Omit<CategoryContent, 'handle'> & {
      handle: string | null
    }
}
/** Fields left out stay as they are; `imageId` null removes the image. */
export type CategoryUpdate = {
  type: 'CategoryUpdate'
  data: { categoryId: string } & Partial<Omit<CategoryContent, 'seo'>> & { seo?: Partial<CategorySeo> }
}
export type CategoryMove = {
  type: 'CategoryMove'
  data: { categoryId: string; parentId: string | null; position: number | null }
}
export type CategoryReorder = { type: 'CategoryReorder'; data: { parentId: string | null; categoryIds: string[] } }
export type CategoryDelete = { type: 'CategoryDelete'; data: { categoryId: string; deleteDescendants: boolean } }
/** `target`: the category's fields at `toRevision`, folded by `prepare` from its history. */
export type CategoryRevert = {
  type: 'CategoryRevert'
  data: { categoryId: string; toRevision: number; target: CategoryContent }
}

export type CategoryCommand =
  CategoryCreate | CategoryUpdate | CategoryMove | CategoryReorder | CategoryDelete | CategoryRevert
