export { mapConnection, type PaginateOptions } from '../../projections/shared/pagination.js'

/** ISO-8601 in UTC, as GraphQL's `DateTime` prints it and MCP answers it. */
export const isoString = (date: Date): string => date.toISOString()
