import { z } from 'zod'
import { MEDIA_LIST } from '../../domain/media/list.js'
import { mediaDeleteService } from '../../app/media/delete.js'
import { mediaUploadService } from '../../app/media/upload-image.js'
import { canReadMedia, listMedia, readMedia } from '../../app/media/reads.js'
import { mediaViewSchema } from '../../app/media/view.js'
import { listArgsOf, listSchema } from '../shared/lists.js'
import { callerOf } from '../shared/session.js'
import { readTool, type ShopTool } from '../shared/tool.js'
import { eventPosition } from '../shared/write.js'
import { serviceTool } from '../service-tools.js'

const uploadedSchema = z.object({
  media: mediaViewSchema,
  url: z
    .string()
    .describe(
      'Where the file is served: an absolute URL over HTTP, the /storage path over stdio. Cacheable for a year.',
    ),
  attachedToProductId: z.string().nullable().describe('The product it was attached to; null without productId.'),
  eventPosition,
})

const deletedSchema = z.object({
  deletedId: z.string(),
  detachedFromProductIds: z.array(z.string()).describe('The products it was detached from first (force only).'),
  eventPosition,
})

const listMediaArgs = listArgsOf(
  MEDIA_LIST,
  'CREATED_AT_DESC when omitted; ties are broken by id, so cursors never skip or repeat.',
)

export const mediaReadTools: readonly ShopTool[] = [
  readTool({
    name: 'get_media',
    description:
      'Get one media (an image or PDF of the media library) of the current store by id: its type, size, pixels, alt text and ' +
      'the /storage URL it is served at. Fails with NOT_FOUND when the store has no such media.',
    available: canReadMedia,
    input: z.strictObject({ id: z.string().describe('The media id (upload_image and list_media return it).') }),
    output: mediaViewSchema,
    run: ({ id }, call) => readMedia(callerOf(call), id),
  }),
  readTool({
    name: 'list_media',
    description:
      "List the current store's media library with filters, sort and pagination (the arguments of GraphQL's medias query): " +
      'by kind, type, alt text, file name, upload time, and whether any product shows it (used: false finds images without ' +
      'alt text to fix or unused ones to clean up). Use page+limit to jump to a page, first+after to walk the list with ' +
      'pageInfo.endCursor, or last+before to walk back from pageInfo.startCursor. Returns nodes, pageInfo and totalCount.',
    available: canReadMedia,
    input: listMediaArgs,
    output: listSchema(mediaViewSchema),
    async run(args, call) {
      const { nodes, pageInfo, totalCount } = await listMedia(callerOf(call), args)
      return { nodes, pageInfo, totalCount }
    },
  }),
]

/** `upload_image` and `delete_media`: the media services of the registry for agents. */
export const mediaWriteTools: readonly ShopTool[] = [
  serviceTool(mediaUploadService, { output: uploadedSchema }),
  serviceTool(mediaDeleteService, { output: deletedSchema }),
]
