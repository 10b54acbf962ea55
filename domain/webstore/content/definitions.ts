import { deleteCommand } from '../../shared/delete-command.js'
import { defineCommand, type AnyCommandDefinition, storeWrite } from '../../shared/command.js'
import { givenFields } from '../../shared/strict-input.js'
import { fold, deciderOf } from '../../shared/event.js'
import { badInput } from '../../shared/errors.js'
import { freeHandle, handleReservations } from '../../shared/publishable/handle.js'
import {
  contentEntryCreateInput,
  contentEntryDeleteInput,
  contentEntryUpdateInput,
  contentTypeCreateInput,
  contentTypeDeleteInput,
  contentTypeUpdateInput,
} from './commands.js'
import {
  decideContentEntry,
  evolveContentEntry,
  initialContentEntryState,
  type ContentEntryCommand,
  type ContentEntryEvent,
  type ContentEntryState,
} from './content-entry.js'
import {
  decideContentType,
  evolveContentType,
  initialContentTypeState,
  type ContentTypeCommand,
  type ContentTypeEvent,
  type ContentTypeState,
} from './content-type.js'
import { existingReferences, resolveTypeId, typeFields } from './references.js'
import {
  CONTENT_ENTRY_CATEGORY,
  CONTENT_TYPE_CATEGORY,
  contentEntryHandleKey,
  contentEntryStream,
  contentTypeHandleKey,
  contentTypeStream,
} from './streams.js'
import { storeOf, onStoreEntity } from '../../shared/store-of.js'

export const contentTypeDecider = deciderOf(initialContentTypeState, evolveContentType, decideContentType)
export const contentEntryDecider = deciderOf(initialContentEntryState, evolveContentEntry, decideContentEntry)

const FIELD_HELP =
  'Field types: TEXT, RICH_TEXT (HTML, sanitized), NUMBER, BOOLEAN, DATE (2026-06-21 or ISO-8601), URL (http(s), /path, mailto:, tel:), ' +
  'MEDIA, PRODUCT_REFERENCE, CATEGORY_REFERENCE, PAGE_REFERENCE (ids checked to exist); list: true holds an array of them.'

/** Type handles are claimed at creation, moved on change and freed at deletion; a taken one is CONFLICT. */
export const typeHandleReservations = handleReservations<ContentTypeEvent, 'typeId', ContentTypeState>({
  idKey: 'typeId',
  entity: 'ContentType',
  key: contentTypeHandleKey,
  taken: (handle) => `handle '${handle}' is taken by another content type in this store; choose another`,
})

/** Entry handles are unique within their type. */
export const entryHandleReservations = handleReservations<ContentEntryEvent, 'entryId', ContentEntryState>({
  idKey: 'entryId',
  entity: 'ContentEntry',
  key: (handle, data) => contentEntryHandleKey(data.typeId)(handle),
  taken: (handle) => `handle '${handle}' is taken by another entry of this content type; choose another`,
})

const TYPE_WRITE = storeWrite(CONTENT_TYPE_CATEGORY, 'webstore:write', {
  decider: contentTypeDecider,
  uniqueness: typeHandleReservations,
})
const ENTRY_WRITE = storeWrite(CONTENT_ENTRY_CATEGORY, 'webstore:write', {
  decider: contentEntryDecider,
  uniqueness: entryHandleReservations,
})
const onContentType = onStoreEntity<ContentTypeCommand>(contentTypeStream)
const onContentEntry = onStoreEntity<ContentEntryCommand>(contentEntryStream)

export const contentTypeCreate = defineCommand({
  name: 'contentTypeCreate',
  tool: 'create_content_type',
  description:
    'Define a kind of structured content (like Shopify metaobjects: testimonials, FAQs, lookbooks), its fields [{key, name, type, ' +
    `required, list, validations {min, max, maxLength, choices}}]. ${FIELD_HELP} handle (unique in the store) is generated from the name ` +
    'when omitted. Returns the type. Fails with CONFLICT when the handle is taken.',
  ...TYPE_WRITE,
  annotations: { destructive: false, idempotent: false },
  input: contentTypeCreateInput,
  async prepare(input, env) {
    const typeId = env.newId()
    const handle = input.handle ?? (await freeHandle(input.name, typeId, 'content-type', contentTypeHandleKey, env))
    return onContentType(env, typeId, {
      type: 'ContentTypeCreate',
      data: { typeId, handle, name: input.name, fields: input.fields },
    })
  },
})

export const contentTypeUpdate = defineCommand({
  name: 'contentTypeUpdate',
  tool: 'update_content_type',
  description:
    "Change a content type's name, handle or fields (fields replaces the whole list). Changes that could invalidate saved entries are " +
    'refused with BAD_USER_INPUT: a field keeps its type and list flag (add a new key instead) and no field may become required. ' +
    'Removing fields, making them optional and changing names or validations are allowed. Returns the type.',
  ...TYPE_WRITE,
  annotations: { destructive: false, idempotent: true },
  input: contentTypeUpdateInput,
  prepare(input, env) {
    const { id, ...changes } = input
    return onContentType(env, input.id, { type: 'ContentTypeUpdate', data: { typeId: id, ...givenFields(changes) } })
  },
})

export const contentTypeDelete = deleteCommand(TYPE_WRITE, onContentType, 'ContentTypeDelete', 'typeId', {
  name: 'contentTypeDelete',
  tool: 'delete_content_type',
  description:
    'Delete a content type, found by id; its entries are no longer listed or served. Returns the deleted id. Fails with NOT_FOUND when the id is unknown.',
  input: contentTypeDeleteInput,
})

export const contentEntryCreate = defineCommand({
  name: 'contentEntryCreate',
  tool: 'create_content_entry',
  description:
    'Create an entry of a content type (typeId or typeHandle) with fields {key: value}, checked against the type: required fields, ' +
    `value types, validations, and referenced products, categories, pages and media must exist in the store. ${FIELD_HELP} handle ` +
    '(unique within the type) is generated from the first text field or the type handle when omitted. Returns the entry.',
  ...ENTRY_WRITE,
  annotations: { destructive: false, idempotent: false },
  input: contentEntryCreateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const typeId = await resolveTypeId(env, storeId, input)
    const fields = await typeFields(env, storeId, typeId)
    if (!typeId || !fields)
      throw badInput(
        ['input', input.typeId ? 'typeId' : 'typeHandle'],
        `content type '${input.typeId ?? input.typeHandle}' does not exist in this store; create it with contentTypeCreate`,
      )
    const entryId = env.newId()
    const firstText = fields.find(
      (field) => field.type === 'TEXT' && !field.list && typeof input.fields[field.key] === 'string',
    )
    const handle =
      input.handle ??
      (await freeHandle(
        firstText ? String(input.fields[firstText.key]) : 'entry',
        entryId,
        'entry',
        contentEntryHandleKey(typeId),
        env,
      ))
    const existing = await existingReferences(env, storeId, fields, input.fields)
    return onContentEntry(env, entryId, {
      type: 'ContentEntryCreate',
      data: { entryId, typeId, handle, fields: input.fields, typeFields: fields, existingReferences: existing },
    })
  },
})

export const contentEntryUpdate = defineCommand({
  name: 'contentEntryUpdate',
  tool: 'update_content_entry',
  description:
    "Change an entry's handle or field values, found by id: fields given replace those keys (null clears one), the rest stay, and the " +
    'result is checked against the type as it is now. Returns the entry. Fails with NOT_FOUND for an unknown id.',
  ...ENTRY_WRITE,
  annotations: { destructive: false, idempotent: true },
  input: contentEntryUpdateInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    const stream = contentEntryStream(storeId, input.id)
    const state = fold(contentEntryDecider, (await env.readStream(stream)) as unknown as ContentEntryEvent[])
    const fields = state.kind === 'existing' ? await typeFields(env, storeId, state.entry.typeId) : null
    // Every reference of the merged values is checked: one kept from before may have been deleted since.
    const existing =
      input.fields && state.kind === 'existing'
        ? await existingReferences(env, storeId, fields, { ...state.entry.fields, ...input.fields })
        : []
    const { id, ...changes } = input
    return onContentEntry(env, id, {
      type: 'ContentEntryUpdate',
      data: { entryId: id, ...givenFields(changes), typeFields: fields, existingReferences: existing },
    })
  },
})

export const contentEntryDelete = deleteCommand(ENTRY_WRITE, onContentEntry, 'ContentEntryDelete', 'entryId', {
  name: 'contentEntryDelete',
  tool: 'delete_content_entry',
  description:
    'Delete a content entry, found by id; its handle becomes free. Returns the deleted id. Fails with NOT_FOUND when the id is unknown.',
  input: contentEntryDeleteInput,
})

export const contentCommands: readonly AnyCommandDefinition[] = [
  contentTypeCreate,
  contentTypeUpdate,
  contentTypeDelete,
  contentEntryCreate,
  contentEntryUpdate,
  contentEntryDelete,
]
