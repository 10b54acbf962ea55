import { createHash } from 'node:crypto'
import { alt as altSchema, stripControlCharacters } from '../../domain/media/commands.js'
import { mediaRecord } from '../../domain/media/definitions.js'
import { MEDIA_EXTENSIONS, mediaKindOf, type MediaMimeType } from '../../domain/media/events.js'
import { commandScopesText, grantsCommand } from '../../domain/shared/command.js'
import { DomainError, badInput } from '../../domain/shared/errors.js'
import { findMedia } from '../../projections/media/queries.js'
import type { CommandContext } from '../commands/context.js'
import type { Platform } from '../platform.js'
import { mediaPath, toMediaView, type MediaView } from './view.js'
import { formatBytes } from '../../domain/shared/bytes.js'
import { fetchUrl } from '../../infra/media/fetch-url.js'
import { reencodeImage, type ImageMimeType } from '../../infra/media/image.js'
import { mediaServices } from '../../infra/media/services.js'
import { sniffMediaType } from '../../infra/media/sniff.js'
import { blobKeys } from '../../infra/media/storage/keys.js'

type Field = readonly (string | number)[]

/** Where the file comes from: its bytes (an upload, base64 from an agent) or a public URL to download. */
export type IngestSource = { bytes: Uint8Array; url?: undefined } | { url: string; bytes?: undefined }

export type IngestInput = IngestSource & {
  /** Shown in the media library; its extension is corrected to the detected type. From the URL or `upload.<ext>` when absent. */
  filename?: string | null
  alt?: string | null
  /** Path of the file in the caller's input, for error messages; `['input', 'file']` or `['input', 'url']` by default. */
  field?: Field
}

export interface IngestedMedia {
  media: MediaView
  /** `/storage/<storeId>/<hash>.<ext>`. */
  url: string
  eventPosition: string | null
}

/**
 * The media pipeline, the same for every transport (GraphQL upload, staged upload, URL import,
 * the MCP `upload_image` tool): check the caller may upload, get the bytes (a URL through the
 * SSRF guard), enforce the byte limit, sniff the type from the bytes, re-encode images
 * (orientation applied, metadata stripped, pixel limit), store the result under its sha256,
 * and record a `MediaCreated` through the command registry. Returns the media as the read
 * model shows it.
 *
 * @example await ingestMedia(platform, ctx, { bytes: Buffer.from(base64, 'base64'), filename: 'shirt.png', alt: 'Red shirt' })
 */
export async function ingestMedia(platform: Platform, ctx: CommandContext, input: IngestInput): Promise<IngestedMedia> {
  if (!grantsCommand(ctx.scopes, mediaRecord)) {
    throw new DomainError(
      'FORBIDDEN',
      `uploading media needs the ${commandScopesText(mediaRecord)} scope, which this credential does not have`,
    )
  }
  const storeId = ctx.storeId
  if (!storeId) throw badInput([], 'media belong to a store: select it with the X-Store header (store id or slug)')
  const services = mediaServices(platform)
  const alt = altSchema.safeParse(input.alt ?? '')
  if (!alt.success) throw badInput(['input', 'alt'], alt.error.issues[0]!.message)

  let bytes: Buffer
  let nameFromSource: string | undefined
  const field = input.field ?? (input.url !== undefined ? ['input', 'url'] : ['input', 'file'])
  if (input.url !== undefined) {
    const fetched = await fetchUrl(input.url, { ...services.urlImport, maxBytes: services.maxBytes }, field)
    bytes = fetched.bytes
    nameFromSource = decodeURIComponentSafe(fetched.url.pathname.split('/').pop() ?? '')
  } else {
    bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength)
  }
  checkSize(bytes.length, services.maxBytes, field)

  const mimeType = await sniffMediaType(bytes, field)
  const kind = mediaKindOf(mimeType)
  let stored = bytes
  let width: number | null = null
  let height: number | null = null
  if (kind === 'IMAGE') {
    const image = await reencodeImage(bytes, mimeType as ImageMimeType, services.maxPixels, field)
    ;({ data: stored, width, height } = image)
  }
  const hash = createHash('sha256').update(stored).digest('hex')
  const key = blobKeys.original(storeId, hash)
  if (!(await services.blobs.has(key))) await services.blobs.put(key, stored, mimeType)

  const filename = normalizeFilename(input.filename ?? nameFromSource ?? '', mimeType)
  const result = await platform.executeAndWait(
    mediaRecord,
    { hash, mimeType, kind, width, height, bytes: stored.length, filename, alt: alt.data },
    ctx,
  )
  const media = await findMedia(platform.database.db, storeId, result.entityId)
  if (!media)
    throw new DomainError(
      'CONFLICT',
      `media '${result.entityId}' was stored but the read models have not caught up yet; read it again shortly`,
    )
  return { media: toMediaView(media), url: mediaPath(media), eventPosition: result.position }
}

export function checkSize(size: number, maxBytes: number, field: Field): void {
  if (size === 0) throw badInput(field, 'the file is empty; upload a file with content')
  if (size > maxBytes)
    throw badInput(
      field,
      `the file is ${formatBytes(size)}; the limit is ${formatBytes(maxBytes)}: upload a smaller file`,
    )
}

/**
 * The client's name without any path, control characters or misleading extension: a PNG
 * called `photo.jpg` is listed as `photo.png`.
 */
export function normalizeFilename(given: string, mimeType: MediaMimeType): string {
  const extension = MEDIA_EXTENSIONS[mimeType]
  const base = stripControlCharacters(given.split(/[/\\]/).pop() ?? '')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
  return `${(base || 'upload').slice(0, 250 - extension.length)}.${extension}`
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
