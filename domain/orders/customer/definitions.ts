import { defineCommand, type AnyCommandDefinition, storeWrite } from '../../shared/command.js'
import { deciderOf } from '../../shared/event.js'
import { storeOf, onStoreEntity } from '../../shared/store-of.js'
import { customerEraseInput, type CustomerCommand } from './commands.js'
import { evolveCustomer, initialCustomerState } from './customer.js'
import { decideCustomer } from './decide.js'
import { CUSTOMER_CATEGORY, customerStream } from './streams.js'

export const customerDecider = deciderOf(initialCustomerState, evolveCustomer, decideCustomer)

const onCustomer = onStoreEntity<CustomerCommand>(customerStream)

export const customerErase = defineCommand({
  name: 'customerErase',
  tool: 'erase_customer',
  description:
    'Forget a customer, found by id (right to erasure): their email, name, phone and the shipping addresses of their orders ' +
    'are deleted for good. Their orders stay, anonymous, with the amounts and products; the customer shows as erased. ' +
    'Erasing twice changes nothing. Returns the customer. Fails with NOT_FOUND for an id the store does not know.',
  summary: "Erases a customer's personal data; their orders stay, anonymous.",
  ...storeWrite(CUSTOMER_CATEGORY, 'orders:write'),
  annotations: { destructive: true, idempotent: true },
  input: customerEraseInput,
  async prepare(input, env) {
    const storeId = storeOf(env.ctx)
    // Customers are known from orders, which only the read model gathers; a customer placed a moment
    // ago and not yet projected answers NOT_FOUND until it is, which a retry resolves.
    const known = (await env.catalogUsage?.customerKnown?.(storeId, input.id)) ?? false
    return onCustomer(env, input.id, { type: 'CustomerErase', data: { customerId: input.id, known } })
  },
  decider: customerDecider,
})

export const customerCommands: readonly AnyCommandDefinition[] = [customerErase]
