import type { CustomerEvent } from './events.js'

/**
 * A customer stream holds only the erasure: a customer comes into being with their first order
 * (an order event names them); `known` is what `prepare` found in the read model.
 */
export type CustomerState = { erased: boolean }

export const initialCustomerState = (): CustomerState => ({ erased: false })

export function evolveCustomer(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerErased':
      return { erased: true }
    default: {
      const _exhaustive: never = event.type
      return _exhaustive
    }
  }
}
