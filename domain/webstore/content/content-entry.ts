import type { DomainEvent, HandleChanged } from '../../shared/event.js'
import { badInput, conflict, notFound } from '../../shared/errors.js'
import { evolveLifecycle } from '../../shared/lifecycle.js'
import { referenceNoun, referencesOf, validateEntryFields, type ContentField, type FieldValue } from './fields.js'

export type ContentEntryCreated = DomainEvent<
  'ContentEntryCreated',
  { entryId: string; typeId: string; handle: string; fields: Record<string, FieldValue> }
>
/** The whole new values, with the keys whose value changed. */
export type ContentEntryFieldsChanged = DomainEvent<
  'ContentEntryFieldsChanged',
  { entryId: string; fields: Record<string, FieldValue>; changed: string[] }
>
export type ContentEntryHandleChanged = HandleChanged<'ContentEntryHandleChanged', { entryId: string; typeId: string }>
export type ContentEntryDeleted = DomainEvent<
  'ContentEntryDeleted',
  { entryId: string; typeId: string; handle: string }
>
export type ContentEntryEvent =
  ContentEntryCreated | ContentEntryFieldsChanged | ContentEntryHandleChanged | ContentEntryDeleted

export const CONTENT_ENTRY_EVENT_TYPES: ContentEntryEvent['type'][] = [
  'ContentEntryCreated',
  'ContentEntryFieldsChanged',
  'ContentEntryHandleChanged',
  'ContentEntryDeleted',
]

export type LiveContentEntry = { entryId: string; typeId: string; handle: string; fields: Record<string, FieldValue> }
export type ContentEntryState =
  { kind: 'empty' } | { kind: 'existing'; entry: LiveContentEntry } | { kind: 'deleted'; entryId: string }

/**
 * Facts `prepare` gathered for `decide`: the type's fields as they are now (null when the type is
 * gone) and which referenced ids exist in the store.
 */
export type EntryFacts = { typeFields: ContentField[] | null; existingReferences: string[] }

export type ContentEntryCreate = {
  type: 'ContentEntryCreate'
  data: { entryId: string; typeId: string; handle: string; fields: Record<string, unknown> } & EntryFacts
}
/** `fields` given are merged into the old values (null clears one); the result is checked as a whole. */
export type ContentEntryUpdate = {
  type: 'ContentEntryUpdate'
  data: { entryId: string; handle?: string; fields?: Record<string, unknown> } & EntryFacts
}
export type ContentEntryDelete = { type: 'ContentEntryDelete'; data: { entryId: string } }
export type ContentEntryCommand = ContentEntryCreate | ContentEntryUpdate | ContentEntryDelete

export const initialContentEntryState = (): ContentEntryState => ({ kind: 'empty' })

const ENTRY = { name: 'entry', id: 'entryId', created: 'ContentEntryCreated', deleted: 'ContentEntryDeleted' } as const

export function evolveContentEntry(state: ContentEntryState, event: ContentEntryEvent): ContentEntryState {
  return evolveLifecycle(state, event, ENTRY, (data) => ({ ...data }), {
    ContentEntryFieldsChanged: (entry, { fields }) => ({ ...entry, fields }),
    ContentEntryHandleChanged: (entry, { to }) => ({ ...entry, handle: to }),
  })
}

/** Pure: the entry's history plus the type and reference facts in the command. */
export function decideContentEntry(command: ContentEntryCommand, state: ContentEntryState): ContentEntryEvent[] {
  switch (command.type) {
    case 'ContentEntryCreate': {
      const { entryId, typeId, handle } = command.data
      if (state.kind !== 'empty')
        throw conflict(`content entry '${entryId}' already exists; use contentEntryUpdate to change it`)
      const fields = checked(command.data, command.data.fields)
      return [{ type: 'ContentEntryCreated', data: { entryId, typeId, handle, fields } }]
    }
    case 'ContentEntryUpdate': {
      const entry = live(state, command.data.entryId)
      const events: ContentEntryEvent[] = []
      const { entryId, handle } = command.data
      if (handle !== undefined && handle !== entry.handle)
        events.push({
          type: 'ContentEntryHandleChanged',
          data: { entryId, typeId: entry.typeId, from: entry.handle, to: handle },
        })
      if (command.data.fields !== undefined) {
        const fields = checked(command.data, { ...entry.fields, ...command.data.fields })
        const keys = new Set([...Object.keys(fields), ...Object.keys(entry.fields)])
        const changed = [...keys].filter((key) => JSON.stringify(fields[key]) !== JSON.stringify(entry.fields[key]))
        if (changed.length > 0) events.push({ type: 'ContentEntryFieldsChanged', data: { entryId, fields, changed } })
      }
      return events
    }
    case 'ContentEntryDelete': {
      const entry = live(state, command.data.entryId)
      return [
        { type: 'ContentEntryDeleted', data: { entryId: entry.entryId, typeId: entry.typeId, handle: entry.handle } },
      ]
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/** Values valid for the type, whose references all exist in the store. */
function checked(facts: EntryFacts, values: Record<string, unknown>): Record<string, FieldValue> {
  if (!facts.typeFields)
    throw badInput(
      ['input', 'type'],
      'the content type of this entry does not exist (any more); create it or pick another type',
    )
  const fields = validateEntryFields(facts.typeFields, values)
  const existing = new Set(facts.existingReferences)
  for (const ref of referencesOf(facts.typeFields, fields)) {
    if (!existing.has(ref.id))
      throw badInput(
        ref.path,
        `${referenceNoun(ref.type)} '${ref.id}' does not exist in this store; use the id of an existing one`,
      )
  }
  return fields
}

/** Another store's entry lives in a stream named after that store, so it answers NOT_FOUND like a missing one. */
function live(state: ContentEntryState, entryId: string): LiveContentEntry {
  if (state.kind !== 'existing') throw notFound('content entry', entryId)
  return state.entry
}
