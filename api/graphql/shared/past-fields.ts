import type { MercuriusLoaders } from 'mercurius'

/**
 * An object read as it was at a past instant (`product(id, asOf)`) carries the values its loader
 * fields had then in `pastFields`, keyed by field name. Loaders read today's read models, so
 * those fields are answered from `pastFields` and only the other objects reach the loader.
 */
export interface WithPastFields {
  pastFields?: Record<string, unknown>
}

type Loader = (queries: { obj: unknown; params: unknown }[], context: unknown) => Promise<unknown[]> | unknown[]

/** Every loader of `loaders`, made to answer fields that an object carries in `pastFields` from there. */
export function servePastFields(loaders: MercuriusLoaders): MercuriusLoaders {
  const served: MercuriusLoaders = {}
  for (const [type, fields] of Object.entries(loaders)) {
    served[type] = {}
    for (const [field, definition] of Object.entries(fields)) {
      served[type][field] =
        typeof definition === 'function'
          ? wrap(field, definition as Loader)
          : { ...definition, loader: wrap(field, definition.loader as Loader) }
    }
  }
  return served
}

function wrap(field: string, loader: Loader): Loader {
  const past = (obj: unknown) => (obj as WithPastFields | null)?.pastFields
  const isPast = (obj: unknown) => Object.prototype.hasOwnProperty.call(past(obj) ?? {}, field)
  return async (queries, context) => {
    const live = queries.filter((query) => !isPast(query.obj))
    const loaded = live.length ? await loader(live, context) : []
    let next = 0
    return queries.map((query) => (isPast(query.obj) ? past(query.obj)![field] : loaded[next++]))
  }
}
