import { defineList, filter } from '../shared/list-spec.js'
import { MEDIA_KINDS } from './events.js'

/** The store's media library as a list (GraphQL `medias`, MCP `list_media`). */
export const MEDIA_LIST = defineList({
  name: 'Media',
  filters: {
    kind: filter.enumList('MediaKind', MEDIA_KINDS),
    mimeType: filter.strings('Sniffed types, e.g. ["image/png"].'),
    alt: filter.string(),
    filename: filter.string(),
    used: filter.boolean('true: shown on at least one product; false: on none.'),
    createdAt: filter.dateRange(),
  },
  sorts: ['CREATED_AT', 'UPDATED_AT', 'FILENAME', 'BYTES'],
  defaultSort: 'CREATED_AT_DESC',
  filterDescription: 'Conditions on media; all given fields must hold. and/or combine nested filters.',
  sortDescription: 'Order of a media list; ties are broken by id so cursors never skip or repeat.',
})
