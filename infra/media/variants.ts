import { badInput } from '../../domain/shared/errors.js'
import { formatOf, renderVariant, type ImageMimeType, type VariantFormat } from './image.js'
import { blobKeys } from './storage/keys.js'
import type { BlobStore } from './storage/port.js'

/** The widths a variant may have: a fixed set, so the cache stays small and a client cannot make us render every width. */
export const VARIANT_WIDTHS = [160, 320, 640, 960, 1280, 1920, 2560] as const
/** Formats a variant may be converted to; without one it keeps the original's. */
export const VARIANT_FORMATS = ['webp', 'avif'] as const
export type ConvertFormat = (typeof VARIANT_FORMATS)[number]

export interface VariantRequest {
  width: number | null
  format: ConvertFormat | null
}

/** Reads `?w=` and `?format=` as given in a URL; anything outside the fixed sets is the client's mistake. */
export function parseVariantRequest(query: { w?: unknown; format?: unknown }): VariantRequest {
  let width: number | null = null
  if (query.w !== undefined) {
    width = Number(query.w)
    if (typeof query.w !== 'string' || !(VARIANT_WIDTHS as readonly number[]).includes(width)) {
      throw badInput(['w'], `w must be one of ${VARIANT_WIDTHS.join(', ')}; got '${String(query.w).slice(0, 20)}'`)
    }
  }
  let format: ConvertFormat | null = null
  if (query.format !== undefined) {
    if (typeof query.format !== 'string' || !(VARIANT_FORMATS as readonly string[]).includes(query.format)) {
      throw badInput(
        ['format'],
        `format must be one of ${VARIANT_FORMATS.join(', ')}; got '${String(query.format).slice(0, 20)}'`,
      )
    }
    format = query.format as ConvertFormat
  }
  return { width, format }
}

/**
 * Renders each variant once: the result is stored beside the original and served from there
 * afterwards, and concurrent requests for one variant on this node share a single rendering.
 */
export class VariantCache {
  private readonly rendering = new Map<string, Promise<Buffer>>()

  constructor(private readonly blobs: BlobStore) {}

  async get(
    storeId: string,
    hash: string,
    mimeType: ImageMimeType,
    request: VariantRequest,
  ): Promise<{ data: Buffer; format: VariantFormat } | null> {
    const format = request.format ?? formatOf(mimeType)
    const key = blobKeys.variant(storeId, hash, request.width, format)
    const cached = await this.blobs.get(key)
    if (cached) return { data: cached, format }
    let pending = this.rendering.get(key)
    if (!pending) {
      pending = this.render(key, storeId, hash, mimeType, request.width, format).finally(() =>
        this.rendering.delete(key),
      )
      this.rendering.set(key, pending)
    }
    const data = await pending
    return data.length ? { data, format } : null
  }

  private async render(
    key: string,
    storeId: string,
    hash: string,
    mimeType: ImageMimeType,
    width: number | null,
    format: VariantFormat,
  ): Promise<Buffer> {
    const original = await this.blobs.get(blobKeys.original(storeId, hash))
    if (!original) return Buffer.alloc(0)
    const data = await renderVariant(original, mimeType, width, format)
    await this.blobs.put(key, data, `image/${format}`)
    return data
  }
}
