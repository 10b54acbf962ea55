import { DomainError, badInput } from '../../../../domain/shared/errors.js'
import { SETTINGS_GROUPS, type SettingsGroup } from '../../../../domain/settings/global-settings/groups.js'
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

/** The one group the input names; GraphQL's input has a field per group, the command takes `{group, values}`. */
function groupOf(input: Record<string, unknown> | null): SettingsGroup {
  const given = SETTINGS_GROUPS.filter((group) => input?.[group] != null)
  if (given.length !== 1) {
    throw badInput(
      ['input'],
      `give exactly one group of ${SETTINGS_GROUPS.join(', ')}; got ${given.length ? given.join(', ') : 'none'}`,
    )
  }
  return given[0]!
}

/** The command's paths run through `values`; the client's through the group's field. */
function asGraphQLError(error: unknown, group: SettingsGroup): unknown {
  if (!(error instanceof DomainError) || error.field?.[1] !== 'values') return error
  const field = ['input', group, ...error.field.slice(2)]
  return new DomainError(error.code, error.message.replace(/^input\.values/, `input.${group}`), {
    field,
    details: error.details,
  })
}

const resolvers: GraphQLSlice['resolvers'] = {
  Query: {
    globalSettings: (_root, _args, ctx) => readSettings(ctx),
  },
  Mutation: {
    globalSettingsUpdate: async (_root, { input }: { input: Record<string, unknown> | null }, ctx) => {
      const group = groupOf(input)
      const { eventPosition } = await mutate(ctx, globalSettingsUpdate, { group, values: input![group] }).catch(
        (error: unknown) => {
          throw asGraphQLError(error, group)
        },
      )
      return { globalSettings: await readSettings(ctx), group: group.toUpperCase(), eventPosition }
    },
  },
}

export const globalSettingsSlice: GraphQLSlice = { typeDefs: globalSettingsTypeDefs, resolvers }
