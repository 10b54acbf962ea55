import { MEDIA_LIST } from '../../../domain/media/list.js'
import { resourceReadTypeDefs } from '../shared/list-sdl.js'
import { EVENT_POSITION, payloadType, mutationFields } from '../shared/payloads.js'

export const mediaTypeDefs = /* GraphQL */ `
  "A file of a multipart request (graphql-multipart-request spec); only usable as a variable."
  scalar Upload

  "IMAGE: JPEG, PNG, WebP, AVIF or GIF, re-encoded and resizable. FILE: a PDF, served as uploaded."
  enum MediaKind {
    IMAGE
    FILE
  }

  "A format an image variant can be converted to."
  enum MediaFormat {
    WEBP
    AVIF
  }

  "An image or file of the store's media library."
  type Media {
    id: ID!
    kind: MediaKind!
    "The type sniffed from the bytes, e.g. image/png; never the one a client claimed."
    mimeType: String!
    "The name shown in the library; its extension matches the type."
    filename: String!
    "Describes the image for people who cannot see it; empty when not set."
    alt(locale: Locale): String!
    "Pixels; null for files."
    width: Int
    height: Int
    "Size of the stored bytes."
    bytes: Int!
    "SHA-256 of the stored bytes, hex."
    hash: String!
    "Where the bytes are served: /storage/<storeId>/<hash>.<ext>, cacheable for a year."
    url: String!
    "The URL of a variant: width one of 160, 320, 640, 960, 1280, 1920, 2560 (never enlarged), format WEBP or AVIF. Images only."
    urlFor(width: Int, format: MediaFormat): String!
    createdAt: DateTime!
    updatedAt: DateTime!
    revision: Int!
  }

  "Give exactly one of file and stagedUploadId."
  input MediaCreateInput {
    "The file, as a part of a multipart request."
    file: Upload
    "A staged upload whose URL has received the file (mediaStagedUploadCreate)."
    stagedUploadId: ID
    alt: String
    "Defaults to the uploaded file's name; the extension is set from the detected type."
    filename: String
  }

  input MediaCreateFromUrlInput {
    "A public http(s) URL on port 80 or 443; redirects are followed up to 3 times."
    url: String!
    alt: String
    "Defaults to the last segment of the URL's path."
    filename: String
  }

  input MediaStagedUploadCreateInput {
    filename: String!
    "The type the client believes the file has; the server sniffs the bytes anyway. application/x-ndjson stages a productsImport file, application/zip a theme zip for themeCreate."
    mimeType: String!
    "Exact size in bytes; the PUT must send exactly this many. At most 20 MB for media, 10 MB for a theme zip."
    fileSize: Int!
  }

  "Where to PUT a large file: the URL works once per file, for 15 minutes, needs no Authorization header."
  type StagedUpload {
    stagedUploadId: ID!
    url: String!
    "Always PUT, with the file's bytes as the body."
    method: String!
    expiresAt: DateTime!
  }

  input MediaUpdateInput {
    id: ID!
    alt: String!
  }

  input MediaDeleteInput {
    id: ID!
    "Detach the media from every product that shows it, then delete it. Without it, a media in use is refused with CONFLICT."
    force: Boolean
  }

  input ProductMediaAttachInput {
    productId: ID!
    mediaIds: [ID!]!
    "Where to insert, from 0; the end when omitted or beyond it."
    position: Int
  }

  input ProductMediaDetachInput {
    productId: ID!
    mediaIds: [ID!]!
  }

  "The listed media come first in the given order; the others keep their order after them."
  input ProductMediaReorderInput {
    productId: ID!
    mediaIds: [ID!]!
  }

  ${payloadType('MediaCreate', 'media: Media', { eventPosition: EVENT_POSITION.written })}

  ${payloadType('MediaStagedUploadCreate', 'stagedUpload: StagedUpload!', {
    eventPosition: 'Always null: nothing is recorded until mediaCreate.',
  })}

  ${payloadType('MediaUpdate', 'media: Media', { eventPosition: EVENT_POSITION.unchanged })}

  type MediaDeletePayload {
    deletedId: ID!
    "The products the media was detached from (force only)."
    detachedFromProductIds: [ID!]!
    eventPosition: String
  }

  ${payloadType('ProductMedia', 'product: Product')}

  extend type Product {
    "The media the product shows, in order; the first is its main image."
    media: [Media!]!
  }

  ${resourceReadTypeDefs(MEDIA_LIST, {
    one: {
      name: 'media',
      doc: 'One media by id; NOT_FOUND when the store has no such media. Needs products:read or webstore:read.',
    },
    list: { name: 'medias', doc: "The store's media library. Needs products:read or webstore:read." },
  })}

  extend type Mutation {
    ${mutationFields({
      mediaCreate: 'Uploads an image or PDF (multipart file or staged upload). Needs products:write or webstore:write.',
      mediaStagedUploadCreate:
        'A signed URL to PUT a large file to, for mediaCreate(input: {stagedUploadId}). Needs products:write or webstore:write.',
      mediaUpdate: "Changes a media's alt text. Needs products:write or webstore:write.",
      mediaDelete:
        'Deletes a media; refused with CONFLICT while products show it, unless force. Needs products:write or webstore:write.',
    })}
    "Downloads an image or PDF from a public URL into the library. Needs products:write or webstore:write."
    mediaCreateFromUrl(input: MediaCreateFromUrlInput!): MediaCreatePayload!
    ${mutationFields(
      {
        productMediaAttach: 'Shows media on a product. Needs products:write.',
        productMediaDetach: 'Stops showing media on a product; they stay in the library. Needs products:write.',
        productMediaReorder: "Changes the order of a product's media. Needs products:write.",
      },
      'ProductMedia',
    )}
  }
`
