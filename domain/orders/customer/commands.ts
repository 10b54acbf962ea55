import { entityId } from '../../shared/input-types.js'
import { strictInput } from '../../shared/strict-input.js'

export const customerEraseInput = strictInput('customerErase', {
  id: entityId('customer').describe('The customer id (a UUID), as customers and Order.customer show it.'),
})

/** `known`: whether the store has this customer (prepare asked the customers read model). */
export type CustomerErase = { type: 'CustomerErase'; data: { customerId: string; known: boolean } }

export type CustomerCommand = CustomerErase
