import { CONTENT_ENTRY_CATEGORY, CONTENT_TYPE_CATEGORY } from '../../../../domain/webstore/content/streams.js'
import {
  listContentEntries,
  listContentTypes,
  readContentEntry as readEntry,
  readContentType as readType,
} from '../../../../app/webstore/content/reads.js'
import type { ContentEntryView } from '../../../../app/webstore/content/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { listResolver } from '../../shared/query-resolvers.js'
import { historyResolver } from '../../shared/history.js'
import { contentTypeDefs } from './schema.js'
import {
  contentEntryCreate,
  contentEntryDelete,
  contentEntryUpdate,
  contentTypeCreate,
  contentTypeDelete,
  contentTypeUpdate,
} from '../../../../domain/webstore/content/definitions.js'
import { mutationResolvers, type WrittenEntity } from '../../shared/mutations.js'

const writtenContentType: WrittenEntity = { field: 'contentType', read: (ctx, id) => readType(ctx, { id }) }
const writtenContentEntry: WrittenEntity = { field: 'contentEntry', read: (ctx, id) => readEntry(ctx, { id }) }

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    contentType: (_root, args: { id?: string; handle?: string }, ctx) => readType(ctx, args),
    contentTypes: listResolver(listContentTypes),
    contentEntry: (_root, args: { id?: string; typeHandle?: string; handle?: string }, ctx) => readEntry(ctx, args),
    contentEntries: listResolver(listContentEntries),
  },
  ContentType: { history: historyResolver('webstore:read', CONTENT_TYPE_CATEGORY) },
  ContentEntry: {
    type: (entry: ContentEntryView, _args, ctx) => readType(ctx, { id: entry.typeId }),
    history: historyResolver('webstore:read', CONTENT_ENTRY_CATEGORY),
  },
  Mutation: {
    ...mutationResolvers([contentTypeCreate, contentTypeUpdate, contentTypeDelete], writtenContentType),
    ...mutationResolvers([contentEntryCreate, contentEntryUpdate, contentEntryDelete], writtenContentEntry),
  },
}

/** Content types and their entries. */
export const contentSlice: GraphQLSlice = { typeDefs: contentTypeDefs, resolvers }
