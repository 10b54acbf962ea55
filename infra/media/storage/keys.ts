import type { VariantFormat } from '../image.js'

/**
 * The key layout of the blob store. Originals are content-addressed within their store —
 * `<storeId>/<sha256>` — so identical uploads to one store share bytes, while stores never
 * share (deleting or exporting one store's media is a prefix, and no store learns from
 * deduplication what another holds). Variants sit beside their original; staged uploads wait
 * under `staged/` until `mediaCreate` takes them.
 */
export const blobKeys = {
  original: (storeId: string, hash: string) => `${storeId}/${hash}`,
  variant: (storeId: string, hash: string, width: number | null, format: VariantFormat) =>
    `${storeId}/${hash}_${width === null ? 'full' : `w${width}`}.${format}`,
  staged: (storeId: string, uploadId: string) => `staged/${storeId}/${uploadId}`,
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/

/** Keys reach file paths and bucket URLs: only the layout's own characters, never `..`. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`unsafe blob key '${key}'`)
}
