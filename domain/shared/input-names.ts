import { z } from 'zod'

/**
 * The public name of an input schema whose shape alone does not say it: an enum that GraphQL
 * serves as `PageStatus`, a string that is a `Locale`, a date-time union that is a `DateTime`.
 * A registry of its own, not zod's global metadata, so the names stay out of the JSON schemas
 * MCP tools advertise. Schemas derived with `.describe()` or `.meta()` inherit the name; ones
 * derived with a check (`.min()`, `.regex()`) do not, so name a schema last.
 */
export const inputNames = z.registry<{ name: string }>()

/** Names `schema` for the transports that type their inputs (GraphQL); returns it unchanged. */
export function named<Schema extends z.ZodType>(schema: Schema, name: string): Schema {
  inputNames.add(schema, { name })
  return schema
}
