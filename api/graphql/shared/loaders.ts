import type { MercuriusContext } from 'mercurius'
import type { GraphQLContext } from './context.js'

/** What mercurius hands a loader: one entry per object of the response that asks for the field. */
export type LoaderQueries<Obj> = { obj: Obj }[]

/**
 * A mercurius loader that answers a field for every object of a response with one call:
 * `load` gets the key of each object (`keyOf`), in order, and answers one value per key.
 *
 * @example Category: { image: batchLoader((category: CategoryView) => category.imageId, mediaByIds) }
 */
export function batchLoader<Obj, Key, Answer>(
  keyOf: (obj: Obj) => Key,
  load: (ctx: GraphQLContext, keys: Key[]) => Promise<Answer>,
) {
  return (queries: LoaderQueries<Obj>, context: MercuriusContext) =>
    load(
      context as GraphQLContext,
      queries.map(({ obj }) => keyOf(obj)),
    )
}

/** The id of an object, the key most loaders batch by. */
export const idOf = (obj: { id: string }): string => obj.id
