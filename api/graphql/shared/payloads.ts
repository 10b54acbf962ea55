/** The `eventPosition` docstrings most payloads share. */
export const EVENT_POSITION = {
  /** After a write that always records events, such as a create. */
  written: 'Log position of the write; send it as X-Consistency-Position to read at least this fresh.',
  /** After a write that records nothing when the input changes nothing. */
  unchanged: 'Log position of the write; null when nothing changed.',
  /** After a write that records nothing when the input changes nothing, telling how to read it back. */
  readBack:
    'Log position of the write; send it as X-Consistency-Position to read at least this fresh. Null when nothing changed.',
}

/** Docstrings of a payload type and of its `eventPosition`; either may be left out. */
export interface PayloadDocs {
  type?: string
  eventPosition?: string
}

const docstring = (text: string | undefined, indent: string): string =>
  text ? `${JSON.stringify(text)}\n${indent}` : ''

/**
 * SDL of `type <name>Payload`, what a mutation answers: `fields` (the written entity, e.g.
 * `page: Page`), then `eventPosition`, the log position of the write (API-CONVENTIONS.md).
 *
 * @example payloadType('PageUpdate', 'page: Page', { eventPosition: EVENT_POSITION.unchanged })
 * @example payloadType('ThemeFileUpsert', ['theme: Theme!', 'file: ThemeFile!'])
 */
export function payloadType(name: string, fields: string | readonly string[], docs: PayloadDocs = {}): string {
  return `
  ${docstring(docs.type, '  ')}type ${name}Payload {
    ${[fields].flat().join('\n    ')}
    ${docstring(docs.eventPosition, '    ')}eventPosition: String
  }`
}

/** SDL of a delete's payload: the deleted entity's id and the log position. */
export function deletePayloadType(name: string, docs: PayloadDocs = {}): string {
  return payloadType(name, 'deletedId: ID!', docs)
}

/**
 * SDL of the payloads of mutations that answer with the changed entity, one per mutation name
 * (`CategoryMove` → `CategoryMovePayload { category: Category, eventPosition }`, documented
 * "The category after move.").
 */
export function changedEntityPayloads(type: string, names: readonly string[]): string {
  const field = type.charAt(0).toLowerCase() + type.slice(1)
  return names
    .map((name) => {
      const change = name
        .slice(type.length)
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
      return payloadType(name, `${field}: ${type}`, {
        type: `The ${type.toLowerCase()} after ${change}.`,
        eventPosition: EVENT_POSITION.readBack,
      })
    })
    .join('\n')
}

/**
 * SDL of Mutation fields named by the API convention, `<name>(input: <Name>Input!): <Name>Payload!`,
 * each with its docstring; `docs` maps each mutation name to that docstring. Mutations that share
 * one payload type name it: `payload` 'Menu' answers `MenuPayload!` for every field.
 *
 * @example `extend type Mutation { ${mutationFields({ pageCreate: 'Creates a page. Needs webstore:write.' })} }`
 * @example mutationFields({ menuCreate: 'Creates an empty menu.', menuUpdate: 'Renames a menu.' }, 'Menu')
 */
export function mutationFields(docs: Readonly<Record<string, string>>, payload?: string): string {
  return Object.entries(docs)
    .map(([name, doc]) => {
      const type = name.charAt(0).toUpperCase() + name.slice(1)
      return `${JSON.stringify(doc)}\n    ${name}(input: ${type}Input!): ${payload ?? type}Payload!`
    })
    .join('\n    ')
}
