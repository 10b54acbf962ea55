import type { Connection, PaginateOptions } from '../../projections/shared/pagination.js'

export type { PaginateOptions }

/**
 * A page of read-model records as a page of views: the same cursors, page info and total, each
 * node mapped. Lists of `app/` answer with it, so GraphQL and MCP serve one shape.
 */
export function viewConnection<Row, View>(page: Connection<Row>, toView: (row: Row) => View): Connection<View> {
  return {
    ...page,
    nodes: page.nodes.map(toView),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toView(edge.node) })),
  }
}

/** ISO-8601 in UTC, as GraphQL's `DateTime` prints it and MCP answers it. */
export const isoString = (date: Date): string => date.toISOString()
