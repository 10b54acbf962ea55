import { notFound } from '../../shared/errors.js'
import type { CustomerCommand } from './commands.js'
import type { CustomerState } from './customer.js'
import type { CustomerEvent } from './events.js'

/** Pure: erasing twice changes nothing; an id the store never saw is NOT_FOUND (another store's included). */
export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  switch (command.type) {
    case 'CustomerErase':
      if (state.erased) return []
      if (!command.data.known) throw notFound('customer', command.data.customerId)
      return [{ type: 'CustomerErased', data: { customerId: command.data.customerId } }]
    default: {
      const _exhaustive: never = command.type
      return _exhaustive
    }
  }
}
