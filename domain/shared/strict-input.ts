import { z } from 'zod'

/**
 * A command's input object: strict, and its unknown-key error names the command and lists the
 * fields it takes, because agents and integrations act on the message verbatim.
 *
 * @example strictInput('pageUpdate', { id, title }).parse({ id, force: true })
 * // throws "pageUpdate does not take force; its fields are id, title" ("its field is id" for one)
 */
export function strictInput<Shape extends z.ZodRawShape>(command: string, shape: Shape) {
  const keys = Object.keys(shape)
  const fields = keys.length === 1 ? `its field is ${keys[0]}` : `its fields are ${keys.join(', ')}`
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `${command} does not take ${issue.keys.join(', ')}; ${fields}` : undefined,
  })
}

/**
 * Each field of `shape` also taking null or nothing, in the same order: the fields of an update,
 * which sends only what changes (GraphQL clients send null for unset variables).
 *
 * @example strictInput('postUpdate', { id, ...nullishFields(postFields) })
 */
export function nullishFields<Shape extends Record<string, z.ZodType>>(shape: Shape) {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.nullish()])) as {
    [Key in keyof Shape]: z.ZodOptional<z.ZodNullable<Shape[Key]>>
  }
}

/**
 * The fields an update was given. Its optional fields accept null for "not given", as GraphQL
 * clients send null for unset variables; here null becomes undefined, which leaves a field as it is.
 *
 * @example givenFields({ title: 'About', body: null }) // { title: 'About', body: undefined }
 */
export function givenFields<Fields extends Record<string, unknown>>(
  fields: Fields,
): { [Key in keyof Fields]: Exclude<Fields[Key], null> } {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? undefined])) as {
    [Key in keyof Fields]: Exclude<Fields[Key], null>
  }
}
