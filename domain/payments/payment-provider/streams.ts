import { streamName } from '../../shared/streams.js'

/** No hyphen: the stream category is the text before the first '-'. */
export const PAYMENT_PROVIDER_CATEGORY = 'paymentprovider'

/** `paymentprovider-<storeId>_<provider>`: one stream per provider a store may configure. */
export function paymentProviderStream(storeId: string, provider: string): string {
  return streamName(PAYMENT_PROVIDER_CATEGORY, storeId, provider)
}
