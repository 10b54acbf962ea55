import type { Reaction, ReactionEvent } from '../../../domain/shared/reaction.js'
import { orderIdsOfCustomer } from '../../../projections/orders/order/queries.js'
import type { RedirectReactionReads } from '../../webstore/url-redirect/reactions.js'
import { eraseCustomerData } from './identities.js'

/**
 * Why a reaction and not the command's caller: `CustomerErased` in the log is the promise, and the
 * reactor keeps its checkpoint, so the rows are deleted even when the process stops right after
 * the append, and whichever transport erased (GraphQL, MCP, CLI). Until it has run, reads already
 * show the customer erased: the customers read model marks it from the same event, and every view
 * hides the personal data of an erased customer.
 */
async function erasePersonalData(reads: RedirectReactionReads, event: ReactionEvent): Promise<[]> {
  const customerId = String(event.data.customerId)
  if (!event.storeId) return []
  // The orders read model must have every order placed before the erasure, to find their addresses.
  await reads.freshAt(event.position)
  const orderIds = await orderIdsOfCustomer(reads.db, event.storeId, customerId)
  await eraseCustomerData(reads.db, event.storeId, customerId, orderIds)
  return []
}

export function customerReactions(reads: RedirectReactionReads): readonly Reaction[] {
  return [
    {
      name: 'customer-erase-personal-data',
      eventTypes: ['CustomerErased'],
      scopes: ['orders:write'],
      react: (event) => erasePersonalData(reads, event),
    },
  ]
}
