import type { DomainEvent, HandleChanged } from '../../shared/event.js'
import { badInput, conflict, notFound } from '../../shared/errors.js'
import { evolveLifecycle } from '../../shared/lifecycle.js'
import { changeEvents } from '../../shared/change-events.js'
import type { ContentField } from './fields.js'

export type ContentTypeCreated = DomainEvent<
  'ContentTypeCreated',
  { typeId: string; handle: string; name: string; fields: ContentField[] }
>
export type ContentTypeRenamed = DomainEvent<'ContentTypeRenamed', { typeId: string; name: string }>
export type ContentTypeHandleChanged = HandleChanged<'ContentTypeHandleChanged', { typeId: string }>
/** The whole new field list, with the keys added, removed and changed (name or validations). */
export type ContentTypeFieldsChanged = DomainEvent<
  'ContentTypeFieldsChanged',
  { typeId: string; fields: ContentField[]; added: string[]; removed: string[]; changed: string[] }
>
export type ContentTypeDeleted = DomainEvent<'ContentTypeDeleted', { typeId: string; handle: string }>
export type ContentTypeEvent =
  ContentTypeCreated | ContentTypeRenamed | ContentTypeHandleChanged | ContentTypeFieldsChanged | ContentTypeDeleted

export const CONTENT_TYPE_EVENT_TYPES: ContentTypeEvent['type'][] = [
  'ContentTypeCreated',
  'ContentTypeRenamed',
  'ContentTypeHandleChanged',
  'ContentTypeFieldsChanged',
  'ContentTypeDeleted',
]

export type LiveContentType = { typeId: string; handle: string; name: string; fields: ContentField[] }
export type ContentTypeState =
  { kind: 'empty' } | { kind: 'existing'; type: LiveContentType } | { kind: 'deleted'; typeId: string }

export type ContentTypeCreate = { type: 'ContentTypeCreate'; data: LiveContentType }
/** Fields left out stay; `fields` replaces the whole list. */
export type ContentTypeUpdate = {
  type: 'ContentTypeUpdate'
  data: { typeId: string; name?: string; handle?: string; fields?: ContentField[] }
}
export type ContentTypeDelete = { type: 'ContentTypeDelete'; data: { typeId: string } }
export type ContentTypeCommand = ContentTypeCreate | ContentTypeUpdate | ContentTypeDelete

export const initialContentTypeState = (): ContentTypeState => ({ kind: 'empty' })

const TYPE = { name: 'type', id: 'typeId', created: 'ContentTypeCreated', deleted: 'ContentTypeDeleted' } as const

export function evolveContentType(state: ContentTypeState, event: ContentTypeEvent): ContentTypeState {
  return evolveLifecycle(state, event, TYPE, (data) => ({ ...data }), {
    ContentTypeRenamed: (type, { name }) => ({ ...type, name }),
    ContentTypeHandleChanged: (type, { to }) => ({ ...type, handle: to }),
    ContentTypeFieldsChanged: (type, { fields }) => ({ ...type, fields }),
  })
}

/** Pure: the answer depends on the command and the type's history only. */
export function decideContentType(command: ContentTypeCommand, state: ContentTypeState): ContentTypeEvent[] {
  switch (command.type) {
    case 'ContentTypeCreate':
      if (state.kind !== 'empty')
        throw conflict(`content type '${command.data.typeId}' already exists; use contentTypeUpdate to change it`)
      return [{ type: 'ContentTypeCreated', data: command.data }]
    case 'ContentTypeUpdate': {
      const type = live(state, command.data.typeId)
      const { typeId, fields } = command.data
      const events: ContentTypeEvent[] = changeEvents(type, command.data, {
        name: (name) => ({ type: 'ContentTypeRenamed', data: { typeId, name } }),
        handle: (to) => ({ type: 'ContentTypeHandleChanged', data: { typeId, from: type.handle, to } }),
      })
      if (fields !== undefined) events.push(...fieldChanges(type, fields))
      return events
    }
    case 'ContentTypeDelete': {
      const type = live(state, command.data.typeId)
      return [{ type: 'ContentTypeDeleted', data: { typeId: type.typeId, handle: type.handle } }]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/**
 * A new field list, refused where entries saved under the old one could stop being valid: a
 * field keeps its type and list flag for life (add a field under a new key instead), and no
 * field becomes required, neither a new one nor an existing one (entries without a value would
 * break). Removing a field, loosening required and changing names or validations are fine;
 * entries meet new validations on their next write.
 */
function fieldChanges(type: LiveContentType, fields: ContentField[]): ContentTypeEvent[] {
  const old = new Map(type.fields.map((field) => [field.key, field]))
  fields.forEach((field, index) => {
    const before = old.get(field.key)
    if (before && (before.type !== field.type || before.list !== field.list)) {
      throw badInput(
        ['input', 'fields', index, 'type'],
        `field '${field.key}' is a ${before.list ? 'list of ' : ''}${before.type} and existing entries hold such values; keep its type, or add a field under a new key`,
      )
    }
    if (field.required && !before?.required) {
      throw badInput(
        ['input', 'fields', index, 'required'],
        `field '${field.key}' cannot become required: entries saved without it would no longer be valid; keep it optional`,
      )
    }
  })
  const added = fields.filter((field) => !old.has(field.key)).map((field) => field.key)
  const removed = type.fields.filter((field) => !fields.some((f) => f.key === field.key)).map((field) => field.key)
  const changed = fields
    .filter((field) => old.has(field.key) && JSON.stringify(old.get(field.key)) !== JSON.stringify(field))
    .map((field) => field.key)
  const reordered =
    added.length === 0 && removed.length === 0 && type.fields.some((field, index) => fields[index]!.key !== field.key)
  if (added.length === 0 && removed.length === 0 && changed.length === 0 && !reordered) return []
  return [{ type: 'ContentTypeFieldsChanged', data: { typeId: type.typeId, fields, added, removed, changed } }]
}

/** Another store's type lives in a stream named after that store, so it answers NOT_FOUND like a missing one. */
function live(state: ContentTypeState, typeId: string): LiveContentType {
  if (state.kind !== 'existing') throw notFound('content type', typeId)
  return state.type
}
