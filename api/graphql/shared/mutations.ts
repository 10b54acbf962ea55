import { commandScopesText, type AnyCommandDefinition } from '../../../domain/shared/command.js'
import { mutate } from '../../../app/caller.js'
import type { GraphQLSlice } from '../plugin.js'
import type { RequestContext } from './context.js'
import { EVENT_POSITION, payloadType } from './payloads.js'
import { InputTypes, pascal } from './zod-input.js'

/**
 * The mutations whose GraphQL name is not their command's. The one place a name may differ; a
 * test holds every other mutation to its command's name. Empty today: keep it that way unless a
 * published name must survive a command's rename.
 */
export const MUTATION_ALIASES: Readonly<Record<string, string>> = {}

/**
 * Mutations that are not one registry command, each with why: they handle secrets that never
 * enter an event (passwords, session tokens, key secrets), so their GraphQL input is not the
 * command's; the commands they run on the way (userSignUp, memberFounderJoin, apiKeyCreate …)
 * go through the registry.
 */
export const NON_COMMAND_MUTATIONS: Readonly<Record<string, string>> = {
  signUp: 'hashes the password into the secrets table, then runs userSignUp, organizationCreate and memberFounderJoin',
  login: 'checks a password and opens a session: no event, a session row and a cookie',
  logout: 'ends a session: deletes its row and clears the cookie',
  passwordChange: 'checks and replaces a password hash, then runs userPasswordChange',
  passwordResetRequest: 'issues a one-off reset token by mail, then runs userPasswordResetRequest',
  passwordResetComplete: 'redeems a reset token for a new password hash, then runs userPasswordResetComplete',
  memberInviteAccept: 'redeems an invitation token (with a password for a new person), then runs memberInviteAccept',
  apiKeyCreate: 'generates the secret outside events and shows it once, then runs apiKeyCreate',
  apiKeyRotate: 'generates the new secret outside events and shows it once, then runs apiKeyRotate',
  storefrontTokenCreate: 'generates the token, shows it once and runs storefrontTokenCreate with its hash',
}

/** The GraphQL name of a command. */
export function mutationName(definition: Pick<AnyCommandDefinition, 'name'>): string {
  return MUTATION_ALIASES[definition.name] ?? definition.name
}

/** How a mutation answers with the entity it wrote: the payload field holding it, read back by id. */
export interface WrittenEntity {
  /** Payload field of the entity, e.g. `page`. */
  field: string
  read(ctx: RequestContext, id: string): Promise<unknown>
}

/** How the mutations of one resource answer: the written entity, of GraphQL type `type`. */
export interface MutationPayload extends WrittenEntity {
  /** GraphQL type of the entity, e.g. `Page`. */
  type: string
  /** Prefix of nested input type names, e.g. `Page` for `PageSeoInput`; `type` when not given. */
  inputPrefix?: string
}

type MutationResolver = (root: unknown, args: { input: unknown }, ctx: RequestContext) => Promise<unknown>

/**
 * The resolver of a mutation that runs `definition` through the one command path and answers
 * `{ <field>: the entity read back, eventPosition }`.
 *
 * @example const page = { field: 'page', read: (ctx, id) => readPage(ctx, { id }) } // then
 * Mutation: { pageCreate: writeResolver(pageCreate, page), pageUpdate: writeResolver(pageUpdate, page) }
 */
export function writeResolver(definition: AnyCommandDefinition, entity: WrittenEntity): MutationResolver {
  return async (_root, args, ctx) => {
    const { entityId, eventPosition } = await mutate(ctx, definition, args.input)
    return { [entity.field]: await entity.read(ctx, entityId), eventPosition }
  }
}

/** The resolver of a delete mutation: runs `definition` and answers `{ deletedId, eventPosition }`. */
export function deleteResolver(definition: AnyCommandDefinition): MutationResolver {
  return async (_root, args, ctx) => {
    const { entityId, eventPosition } = await mutate(ctx, definition, args.input)
    return { deletedId: entityId, eventPosition }
  }
}

/** A delete's tool is `delete_…` (mcp/command-tools.ts has the same rule): its payload is the deleted id. */
function deletes(definition: AnyCommandDefinition): boolean {
  return definition.tool.startsWith('delete_')
}

/**
 * The `Mutation` resolvers of `definitions`, each under its GraphQL name: a delete (`delete_…`
 * tool) answers with `deleteResolver`, every other write with `writeResolver` and `entity`.
 *
 * @example Mutation: mutationResolvers([pageCreate, pageUpdate, pageDelete], writtenPage)
 */
export function mutationResolvers(
  definitions: readonly AnyCommandDefinition[],
  entity: WrittenEntity,
): Record<string, MutationResolver> {
  return Object.fromEntries(
    definitions.map((definition) => [
      mutationName(definition),
      deletes(definition) ? deleteResolver(definition) : writeResolver(definition, entity),
    ]),
  )
}

/**
 * The GraphQL slice of a resource's commands: for each definition offered over GraphQL, a
 * `Mutation` field taking `input: <Name>Input!` (converted from its zod input), a `<Name>Payload`
 * holding the entity read back after the write (or `deletedId`) and `eventPosition`, and its
 * resolver, which runs the definition through the one command path.
 *
 * @example commandMutations(pageCommands, { field: 'page', type: 'Page', read: (ctx, id) => readPage(ctx, { id }) })
 */
export function commandMutations(definitions: readonly AnyCommandDefinition[], payload: MutationPayload): GraphQLSlice {
  const inputs = new InputTypes()
  const payloads: string[] = []
  const fields: string[] = []
  const offered = definitions.filter((d) => d.transports.includes('graphql'))
  for (const definition of offered) {
    const name = mutationName(definition)
    const input = inputs.add(definition.input, `${pascal(name)}Input`, payload.inputPrefix ?? payload.type)
    const entity = deletes(definition) ? 'deletedId: ID!' : `${payload.field}: ${payload.type}`
    payloads.push(payloadType(pascal(name), entity, { eventPosition: EVENT_POSITION.readBack }))
    fields.push(`  ${JSON.stringify(summary(definition))}\n  ${name}(input: ${input}!): ${pascal(name)}Payload!`)
  }
  return {
    typeDefs: [inputs.sdl(), ...payloads, `extend type Mutation {\n${fields.join('\n')}\n}`].join('\n\n'),
    resolvers: { Mutation: mutationResolvers(offered, payload) },
  }
}

/** A resource's slice with its commands' mutations added (see `commandMutations`). */
export function withMutations(
  slice: GraphQLSlice,
  definitions: readonly AnyCommandDefinition[],
  payload: MutationPayload,
): GraphQLSlice {
  const mutations = commandMutations(definitions, payload)
  return {
    ...slice,
    typeDefs: `${slice.typeDefs}\n${mutations.typeDefs}`,
    resolvers: {
      ...slice.resolvers,
      Mutation: Object.assign({}, slice.resolvers.Mutation, mutations.resolvers.Mutation),
    },
  }
}

/** The mutation's docstring: the definition's GraphQL summary (else its description's first sentence) and the scope it needs. */
function summary(definition: AnyCommandDefinition): string {
  const text = definition.summary ?? /^.*?[.!?](?=\s|$)/.exec(definition.description)?.[0] ?? definition.description
  return `${text} Needs ${commandScopesText(definition)}.`
}
