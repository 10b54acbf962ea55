import { MEDIA_CATEGORY } from '../../domain/media/streams.js'
import { findMediaView } from '../../app/media/reads.js'
import { mediaViewSchema } from '../../app/media/view.js'
import { resourceView } from '../shared/view.js'

/** `update_media` answers with the media as the read model has it after the change. */
export const mediaView = resourceView({
  resource: MEDIA_CATEGORY,
  readTool: 'get_media',
  schema: mediaViewSchema,
  find: findMediaView,
})
