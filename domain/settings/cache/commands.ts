import { z } from 'zod'
import { strictInput } from '../../shared/strict-input.js'

export const PURGE_MAX_ITEMS = 100
const SURROGATE_KEY = /^[A-Za-z0-9:_.-]{1,128}$/

export const cachePurgeInput = strictInput('cachePurge', {
  paths: z
    .array(
      z
        .string({ error: 'each path must be a string' })
        .trim()
        .max(2048, 'a path must be at most 2048 characters')
        .regex(/^\/\S*$/, "each path must start with '/', e.g. '/products/red-shirt'"),
      { error: "paths must be a list of storefront paths such as ['/', '/products/red-shirt']" },
    )
    .max(PURGE_MAX_ITEMS, `purge at most ${PURGE_MAX_ITEMS} paths at once; use all: true for more`)
    .transform((list) => [...new Set(list)])
    .nullish(),
  surrogateKeys: z
    .array(
      z
        .string({ error: 'each surrogate key must be a string' })
        .regex(SURROGATE_KEY, 'a surrogate key holds 1 to 128 letters, digits and : _ . -, e.g. product:0190…'),
      {
        error: "surrogateKeys must be a list such as ['product:<id>']",
      },
    )
    .max(PURGE_MAX_ITEMS, `purge at most ${PURGE_MAX_ITEMS} surrogate keys at once; use all: true for more`)
    .transform((list) => [...new Set(list)])
    .nullish(),
  all: z.boolean({ error: 'all must be true or false' }).nullish(),
}).superRefine((input, refinement) => {
  const targeted = (input.paths?.length ?? 0) + (input.surrogateKeys?.length ?? 0) > 0
  if (input.all === true && targeted) {
    refinement.addIssue({
      code: 'custom',
      path: ['all'],
      message: 'all: true purges everything; leave out paths and surrogateKeys with it',
    })
  } else if (input.all !== true && !targeted) {
    refinement.addIssue({
      code: 'custom',
      path: ['paths'],
      message: 'say what to purge: paths, surrogateKeys, or all: true',
    })
  }
})
export type CachePurgeInput = z.output<typeof cachePurgeInput>

/**
 * Takes nothing. GraphQL has no empty input types, so its input holds a placeholder `_` that
 * means nothing and may itself be left out or null: all of that is accepted and ignored.
 */
export const cacheRebuildInput = z
  .strictObject(
    { _: z.boolean({ error: '_ is a placeholder: leave it out' }).nullish() },
    { error: 'cacheRebuild takes no fields' },
  )
  .nullish()

export type CachePurge = {
  type: 'CachePurge'
  data: { storeId: string; purgeId: string; paths: string[]; surrogateKeys: string[]; all: boolean }
}
export type CacheRebuild = { type: 'CacheRebuild'; data: { storeId: string; rebuildId: string } }
export type CacheCommand = CachePurge | CacheRebuild
