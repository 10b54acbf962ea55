import { MEDIA_MIME_TYPES, type MediaMimeType } from '../../domain/media/events.js'
import { badInput } from '../../domain/shared/errors.js'

const ALLOWED = 'JPEG, PNG, WebP, AVIF, GIF or PDF'

/**
 * The type of a file as its bytes say, never as its name or the client's content type claims.
 * Anything but the media types is refused, SVG explicitly: it is a document that can run
 * scripts in the browser of whoever opens it.
 *
 * @example await sniffMediaType(bytes, ['input', 'file']) // 'image/png'
 */
export async function sniffMediaType(bytes: Uint8Array, field: readonly (string | number)[]): Promise<MediaMimeType> {
  // Loaded on the first upload, not at start: file-type and its tokenizers weigh some 12 MB that
  // an API node serving no uploads never needs. The module loader keeps it after the first time.
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(bytes)
  if (detected && (MEDIA_MIME_TYPES as readonly string[]).includes(detected.mime)) return detected.mime as MediaMimeType
  if (looksLikeSvg(bytes)) {
    throw badInput(
      field,
      'SVG images are refused because they can carry scripts; convert the image to PNG or WebP and upload that',
    )
  }
  const what = detected ? `a ${detected.mime} file` : 'of a type that is not allowed'
  throw badInput(field, `the file is ${what} (judged by its content, not its name); upload a ${ALLOWED} file`)
}

/** An `<svg` element near the start of text, after any XML prolog, doctype or comments. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)
}
