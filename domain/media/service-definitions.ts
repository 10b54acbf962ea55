import { z } from 'zod'
import { defineService, type AnyServiceDefinition } from '../shared/service.js'
import { strictInput } from '../shared/strict-input.js'
import { ALT_MAX_LENGTH, MEDIA_WRITE, filename } from './commands.js'

/**
 * A file whose bytes the transport has already read (a part of a multipart GraphQL request).
 * Reading the bytes is the transport's job: multipart parsing, a PUT to a staged URL and base64
 * decoding happen where the request is; sniffing, re-encoding and storing them is the service's.
 */
export interface UploadedBytes {
  filename: string
  mimeType: string
  bytes: Uint8Array
}

const uploadedFile = z.custom<UploadedBytes>(
  (value) => typeof value === 'object' && value !== null && (value as UploadedBytes).bytes instanceof Uint8Array,
  'file must be a file of a multipart request',
)

const optionalText = (what: string) => z.string({ error: `${what} must be a string` }).nullish()

// Alt text and file name are checked by the media pipeline (`ingestMedia`), which also turns a
// file name into one the library can show, so the GraphQL inputs take any string.
export const mediaCreate = defineService({
  name: 'mediaCreate',
  tool: 'create_media',
  description:
    'Upload an image (JPEG, PNG, WebP, AVIF, GIF) or a PDF into the media library: a file of a multipart request, or a staged ' +
    'upload whose URL has received it; exactly one. Returns the media.',
  ...MEDIA_WRITE,
  // Over MCP the same pipeline is upload_image (`mediaUpload`): an agent sends base64 or a URL, not a multipart part.
  transports: ['graphql'],
  annotations: { destructive: false, idempotent: false },
  input: strictInput('mediaCreate', {
    file: uploadedFile.nullish().describe('The file, as a part of a multipart request.'),
    stagedUploadId: z
      .string({ error: 'stagedUploadId must be a string' })
      .nullish()
      .describe('A staged upload whose URL has received the file (mediaStagedUploadCreate).'),
    alt: optionalText('alt'),
    filename: optionalText('filename').describe(
      "Defaults to the uploaded file's name; the extension is set from the detected type.",
    ),
  }),
})

export const mediaCreateFromUrl = defineService({
  name: 'mediaCreateFromUrl',
  tool: 'create_media_from_url',
  description: 'Download an image or PDF from a public URL into the media library. Returns the media.',
  ...MEDIA_WRITE,
  transports: ['graphql'],
  annotations: { destructive: false, idempotent: false, openWorld: true },
  input: strictInput('mediaCreateFromUrl', {
    url: z
      .string({ error: 'url must be a string' })
      .describe('A public http(s) URL on port 80 or 443; redirects are followed up to 3 times.'),
    alt: optionalText('alt'),
    filename: optionalText('filename').describe("Defaults to the last segment of the URL's path."),
  }),
})

/** Not an MCP tool: the answer is a URL to PUT bytes to, which an agent speaking MCP cannot do. */
export const mediaStagedUploadCreate = defineService({
  name: 'mediaStagedUploadCreate',
  tool: 'create_staged_upload',
  description:
    'A signed URL to PUT a large file to, for mediaCreate(input: {stagedUploadId}), productsImport or themeCreate. Records nothing.',
  ...MEDIA_WRITE,
  transports: ['graphql'],
  annotations: { destructive: false, idempotent: false },
  input: strictInput('mediaStagedUploadCreate', {
    filename: z.string({ error: 'filename must be a string' }),
    mimeType: z
      .string({ error: 'mimeType must be a string' })
      .describe(
        'The type the client believes the file has; the server sniffs the bytes anyway. application/x-ndjson stages a productsImport file, application/zip a theme zip for themeCreate.',
      ),
    fileSize: z
      .number({ error: 'fileSize must be a number' })
      .int('fileSize must be a whole number of bytes')
      .describe(
        'Exact size in bytes; the PUT must send exactly this many. At most 20 MB for media, 10 MB for a theme zip.',
      ),
  }),
})

export const mediaDelete = defineService({
  name: 'mediaDelete',
  tool: 'delete_media',
  description:
    'Delete a media of the media library, found by id, for good. While products show it the delete is refused with CONFLICT ' +
    'naming them; force: true first detaches it from each of them. Returns the deleted id and the products it was detached ' +
    'from. Fails with NOT_FOUND when the id is unknown or already deleted.',
  ...MEDIA_WRITE,
  transports: ['graphql', 'mcp'],
  annotations: { destructive: true, idempotent: false },
  input: strictInput('mediaDelete', {
    id: z.string({ error: 'id must be a string' }).describe('The media id (upload_image and list_media return it).'),
    force: z
      .boolean({ error: 'force must be true or false' })
      .nullish()
      .describe(
        'Detach the media from every product that shows it, then delete it. Without it, a media in use is refused with CONFLICT.',
      ),
  }),
})

/** GraphQL has mediaCreate and mediaCreateFromUrl for this; an agent sends the bytes as base64 or names a URL. */
export const mediaUpload = defineService({
  name: 'mediaUpload',
  tool: 'upload_image',
  description:
    "Put an image (JPEG, PNG, WebP, AVIF, GIF) or a PDF into the current store's media library, from its bytes as base64 " +
    '(data) or from a public URL (url): give exactly one. With productId it is also shown on that product, after its other ' +
    'media. The type is judged from the bytes, never the name (a PNG named .jpg is stored as .png); SVG is refused. Files ' +
    'may have 20 MB and images 40 megapixels unless the server sets other limits; images are re-encoded without their ' +
    'metadata (EXIF, GPS). Returns the media (its id is what attach_product_media, update_media and delete_media take) and ' +
    'the url it is served at. A refused file fails with BAD_USER_INPUT on input.data or input.url, saying why.',
  ...MEDIA_WRITE,
  transports: ['mcp'],
  annotations: { destructive: false, idempotent: false, openWorld: true },
  input: z.strictObject({
    data: z
      .string({ error: 'data must be a string of base64' })
      .nullish()
      .describe('The file\'s bytes as base64 (a "data:image/png;base64," prefix is fine). Give data or url, not both.'),
    url: z
      .string({ error: 'url must be a string' })
      .nullish()
      .describe(
        'A public http(s) URL to download the file from (ports 80 and 443, at most 3 redirects). Give data or url, not both.',
      ),
    filename: filename.describe(
      'The name shown in the media library, e.g. "red-shirt.jpg"; its extension is corrected to the real type.',
    ),
    alt: z
      .string({ error: 'alt must be a string' })
      .nullish()
      .describe(
        `Describes the image for people who cannot see it and for search engines, at most ${ALT_MAX_LENGTH} characters. Empty when omitted.`,
      ),
    productId: z
      .uuid({ error: 'productId must be a product id (a UUID)' })
      .overwrite((id) => id.toLowerCase())
      .nullish()
      .describe('A product to show the image on at once, after its other media. Needs products:write.'),
  }),
})

export const mediaServiceDefinitions: readonly AnyServiceDefinition[] = [
  mediaCreate,
  mediaCreateFromUrl,
  mediaStagedUploadCreate,
  mediaDelete,
  mediaUpload,
]
