import { z } from 'zod'
import { HANDLE_MAX_LENGTH } from '../../shared/handle.js'
import { jsonObject, requiredText } from '../../shared/input-types.js'
import { strictInput } from '../../shared/strict-input.js'
import { entityId } from '../../shared/input-types.js'
import { handleInput } from '../../shared/publishable/handle.js'
import { contentFieldsInput } from './fields.js'

const name = requiredText('name', 255)
const values = jsonObject(
  'fields must be an object of field key to value, e.g. {"title": "Summer", "price": 49}',
).describe(
  'Values by field key, checked against the content type: text, HTML, numbers, booleans, dates, URLs, or ids for media and references; lists as arrays.',
)
const typeId = z
  .uuid({ error: 'typeId must be a content type id (a UUID)' })
  .overwrite((id) => id.toLowerCase())
  .nullish()

// Optional fields also accept null, which means "not given": GraphQL clients send null for unset variables.
export const contentTypeCreateInput = strictInput('contentTypeCreate', {
  name: name.describe('What the entries are, e.g. "Testimonial".'),
  handle: handleInput('testimonial', 'the store').nullish(),
  fields: contentFieldsInput.describe(
    '[{key, name, type, required, list, validations {min, max, maxLength, choices}}]',
  ),
})

export const contentTypeUpdateInput = strictInput('contentTypeUpdate', {
  id: entityId('content type'),
  name: name.nullish(),
  handle: handleInput('testimonial', 'the store').nullish(),
  fields: contentFieldsInput
    .nullish()
    .describe('The whole new field list; a field keeps its type and list flag, and none may become required.'),
})

export const contentTypeDeleteInput = strictInput('contentTypeDelete', { id: entityId('content type') })

export const contentEntryCreateInput = strictInput('contentEntryCreate', {
  typeId: typeId.describe('The content type, by id; or give typeHandle.'),
  typeHandle: z
    .string({ error: 'typeHandle must be a string' })
    .trim()
    .min(1)
    .max(HANDLE_MAX_LENGTH, `typeHandle must be at most ${HANDLE_MAX_LENGTH} characters`)
    .nullish()
    .describe('The content type, by handle; or give typeId.'),
  handle: handleInput('summer-sale', 'its content type').nullish(),
  fields: values,
}).refine((input) => Boolean(input.typeId) !== Boolean(input.typeHandle), {
  message: 'give the content type as typeId or typeHandle (exactly one)',
  path: ['typeId'],
})

export const contentEntryUpdateInput = strictInput('contentEntryUpdate', {
  id: entityId('content entry'),
  handle: handleInput('summer-sale', 'its content type').nullish(),
  fields: values.nullish().describe('Values to change by key; null clears one; keys left out stay.'),
})

export const contentEntryDeleteInput = strictInput('contentEntryDelete', { id: entityId('content entry') })
