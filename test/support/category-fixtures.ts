import { deciderSpec } from './decider-spec.js'
import type { CategoryCommand } from '../../domain/catalog/category/commands.js'
import { categoryTreeDecider } from '../../domain/catalog/category/definitions.js'
import type { CategoryCreated, CategoryEvent } from '../../domain/catalog/category/events.js'
import { ctx } from './decide-context.js'
export { ctx }

/** The category tests' store, ids, a small tree and command builders. */
export const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`
export const [MEN, SHIRTS, SLIM, WOMEN, SHOES] = [1, 2, 3, 4, 5].map(id) as [string, string, string, string, string]
export const spec = deciderSpec(categoryTreeDecider, ctx)

export const seo = { title: '', description: '' }
export function created(
  categoryId: string,
  handle: string,
  parentId: string | null = null,
  position = 0,
): CategoryCreated {
  return {
    type: 'CategoryCreated',
    data: { categoryId, parentId, position, title: handle.toUpperCase(), handle, description: '', imageId: null, seo },
  }
}
/** men/shirts/slim and women as roots. */
export const tree: CategoryEvent[] = [
  created(MEN, 'men'),
  created(SHIRTS, 'shirts', MEN),
  created(SLIM, 'slim', SHIRTS),
  created(WOMEN, 'women', null, 1),
]
/** A chain of `levels` categories c1/c2/…, ids 101, 102, … */
export const chain = (levels: number): CategoryEvent[] =>
  Array.from({ length: levels }, (_, i) => created(id(101 + i), `c${i + 1}`, i ? id(100 + i) : null))

export const create = (
  data: Partial<Extract<CategoryCommand, { type: 'CategoryCreate' }>['data']>,
): CategoryCommand => ({
  type: 'CategoryCreate',
  data: {
    categoryId: SHOES,
    parentId: null,
    position: null,
    title: 'Shoes',
    handle: null,
    description: '',
    imageId: null,
    seo,
    ...data,
  },
})
export const move = (categoryId: string, parentId: string | null, position: number | null = null): CategoryCommand => ({
  type: 'CategoryMove',
  data: { categoryId, parentId, position },
})
