import { streamName } from '../../shared/streams.js'

export const CUSTOMER_CATEGORY = 'customer'

/** `customer-<storeId>_<customerId>`: holds no personal data, only that the customer was erased. */
export function customerStream(storeId: string, customerId: string): string {
  return streamName(CUSTOMER_CATEGORY, storeId, customerId)
}
