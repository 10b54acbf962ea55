const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a text has the shape of a UUID (any version). Ids are checked before they reach a
 * `uuid` column: Postgres answers a malformed one with an error, and callers want "not found".
 */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}
