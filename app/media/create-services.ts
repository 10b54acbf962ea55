import {
  mediaCreate,
  mediaCreateFromUrl,
  mediaStagedUploadCreate,
  type UploadedBytes,
} from '../../domain/media/service-definitions.js'
import { badInput } from '../../domain/shared/errors.js'
import { commandContext } from '../caller.js'
import { defineServiceRun } from '../commands/services.js'
import { ingestMedia, type IngestedMedia } from './ingest.js'
import { ingestStagedUpload, stageUpload, type StagedUpload } from './staged.js'

/** What a media upload answers: the media as the read model shows it, and where the write landed. */
export interface CreatedMedia {
  media: IngestedMedia['media']
  eventPosition: string | null
}

/** `mediaCreate`: the media pipeline over a multipart file's bytes, or over a staged upload's. */
export const mediaCreateService = defineServiceRun<
  { file?: UploadedBytes | null; stagedUploadId?: string | null; alt?: string | null; filename?: string | null },
  CreatedMedia
>({
  definition: mediaCreate,
  async run(input, { caller }) {
    if ((input.file == null) === (input.stagedUploadId == null)) {
      throw badInput(
        ['input', 'file'],
        'give either file (a file of a multipart request) or stagedUploadId (from mediaStagedUploadCreate), exactly one of them',
      )
    }
    const result = input.file
      ? await ingestMedia(caller.platform, commandContext(caller), {
          bytes: input.file.bytes,
          filename: input.filename ?? input.file.filename,
          alt: input.alt,
        })
      : await ingestStagedUpload(caller, {
          stagedUploadId: input.stagedUploadId!,
          alt: input.alt,
          filename: input.filename,
        })
    return { media: result.media, eventPosition: result.eventPosition }
  },
})

/** `mediaCreateFromUrl`: the media pipeline over a download through the SSRF guard. */
export const mediaCreateFromUrlService = defineServiceRun<
  { url: string; alt?: string | null; filename?: string | null },
  CreatedMedia
>({
  definition: mediaCreateFromUrl,
  async run(input, { caller }) {
    const result = await ingestMedia(caller.platform, commandContext(caller), {
      url: input.url,
      alt: input.alt,
      filename: input.filename,
    })
    return { media: result.media, eventPosition: result.eventPosition }
  },
})

/** `mediaStagedUploadCreate`: a signed URL under the origin the client reached, to PUT the bytes to. */
export const mediaStagedUploadCreateService = defineServiceRun<
  { filename: string; mimeType: string; fileSize: number },
  StagedUpload
>({
  definition: mediaStagedUploadCreate,
  run: (input, { caller, origin }) => stageUpload(caller, input, origin ?? ''),
})
