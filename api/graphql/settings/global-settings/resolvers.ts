import { readSettingsGroups } from '../../../../app/settings/global-settings/reads.js'
import type { SettingsGroupView } from '../../../../app/settings/global-settings/view.js'
import type { GraphQLSlice } from '../../plugin.js'
import { mutate } from '../../../../app/caller.js'
import { type RequestContext } from '../../shared/context.js'
import { globalSettingsTypeDefs } from './schema.js'
import { globalSettingsUpdate } from '../../../../domain/settings/global-settings/definitions.js'

async function readSettings(ctx: RequestContext) {
  const groups = await readSettingsGroups(ctx)
  return Object.fromEntries(Object.entries(groups).map(([group, settings]) => [group, flatten(settings)]))
}

function flatten(settings: SettingsGroupView): Record<string, unknown> {
  return { ...settings.values, version: settings.version, updatedAt: settings.updatedAt }
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    globalSettings: (_root, _args, ctx) => readSettings(ctx),
  },
  Mutation: {
    globalSettingsUpdate: async (_root, { input }: { input: unknown }, ctx) => {
      // The entity a write names is the group it wrote.
      const { entityId: group, eventPosition } = await mutate(ctx, globalSettingsUpdate, input)
      return { globalSettings: await readSettings(ctx), group: group.toUpperCase(), eventPosition }
    },
  },
}

export const globalSettingsSlice: GraphQLSlice = { typeDefs: globalSettingsTypeDefs, resolvers }
