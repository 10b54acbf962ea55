import { mediaServices } from '../../infra/media/services.js'
import type { Platform } from '../platform.js'

/** The largest file one upload may hold (`MEDIA_MAX_BYTES`), as transports check it before reading more. */
export function uploadLimitBytes(platform: Platform): number {
  return mediaServices(platform).maxBytes
}
