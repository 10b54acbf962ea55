import { streamName } from '../../shared/streams.js'

/** No hyphen: the stream category is the text before the first '-'. */
export const URL_REDIRECT_CATEGORY = 'urlredirect'

/** `urlredirect-<storeId>_<urlRedirectId>`. */
export function urlRedirectStream(storeId: string, urlRedirectId: string): string {
  return streamName(URL_REDIRECT_CATEGORY, storeId, urlRedirectId)
}

/** One redirect per normalized path per store: `uniq-<storeId>_redirect-path:<path>`. */
export function redirectPathKey(path: string): string {
  return `redirect-path:${path}`
}
