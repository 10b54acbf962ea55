import { expect } from 'vitest'
import type { ProductCommand, ProductUpdate } from '../../domain/catalog/product/commands.js'
import { productDecider } from '../../domain/catalog/product/definitions.js'
import type { ProductCreated, ProductEvent, ProductTagsChanged } from '../../domain/catalog/product/events.js'
import { DomainError, type ErrorCode } from '../../domain/shared/errors.js'
import { fold } from '../../domain/shared/event.js'
import { STORE, ctx } from './decide-context.js'
export { STORE, ctx }

// A product, its store and the decider as a story, shared by the product domain tests.

export const OTHER_STORE = '01900000-0000-7000-8000-00000000a002'
export const ID = '01900000-0000-7000-8000-000000000001'
export const OTHER_ID = '01900000-0000-7000-8000-000000000002'

export const created: ProductCreated = {
  type: 'ProductCreated',
  data: {
    productId: ID,
    title: 'Red Shirt',
    handle: 'red-shirt',
    description: 'Soft',
    status: 'ACTIVE',
    vendor: 'Acme',
    tags: ['cotton', 'summer'],
  },
}
/** `created` with some of its fields replaced, e.g. another id or other tags. */
export function createdWith(fields: Partial<ProductCreated['data']>): ProductCreated {
  return { type: 'ProductCreated', data: { ...created.data, ...fields } }
}
export const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: ID, handle: 'red-shirt' } }

/**
 * The events that make `created` the Blue Shirt (blue-shirt, 'Softer', a DRAFT by Bolt), one per
 * field, ending with the tag change the test gives.
 *
 * @example
 * toBlueShirt({ tags: ['linen'], added: ['linen'], removed: ['cotton', 'summer'] })
 */
export function toBlueShirt(tags: Omit<ProductTagsChanged['data'], 'productId'>): ProductEvent[] {
  return [
    { type: 'ProductRetitled', data: { productId: ID, title: 'Blue Shirt' } },
    { type: 'ProductHandleChanged', data: { productId: ID, from: 'red-shirt', to: 'blue-shirt' } },
    { type: 'ProductDescriptionChanged', data: { productId: ID, description: 'Softer' } },
    { type: 'ProductStatusChanged', data: { productId: ID, from: 'ACTIVE', to: 'DRAFT' } },
    { type: 'ProductVendorChanged', data: { productId: ID, vendor: 'Bolt' } },
    { type: 'ProductTagsChanged', data: { productId: ID, ...tags } },
  ]
}

/** given(history).when(command).then(events) — the decider as a story. */
export function given(...history: ProductEvent[]) {
  return {
    when(command: ProductCommand) {
      const run = () => productDecider.decide(command, fold(productDecider, history), ctx)
      return {
        then: (expected: ProductEvent[]) => expect(run()).toEqual(expected),
        thenFails(code: ErrorCode, message: string) {
          const error = catchError(run)
          expect(error).toBeInstanceOf(DomainError)
          expect({ code: (error as DomainError).code, message: (error as DomainError).message }).toEqual({
            code,
            message,
          })
        },
      }
    },
  }
}

function catchError(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected an error, got none')
}

export const update = (data: Omit<ProductUpdate['data'], 'productId'>): ProductUpdate => ({
  type: 'ProductUpdate',
  data: { productId: ID, ...data },
})
