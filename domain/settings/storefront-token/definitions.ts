import { defineCommand } from '../../shared/command.js'
import { onStoreEntity, storeOf } from '../../shared/store-of.js'
import { storefrontTokenCreateInput, storefrontTokenRevokeInput, type StorefrontTokenCommand } from './commands.js'
import { storefrontTokenDecider } from './decide.js'
import { STOREFRONT_TOKEN_CATEGORY, storefrontTokenStream } from './streams.js'

const TOKENS = {
  resource: STOREFRONT_TOKEN_CATEGORY,
  scope: 'settings:write',
  storeScoped: true,
  decider: storefrontTokenDecider,
} as const

const onToken = onStoreEntity<StorefrontTokenCommand>(storefrontTokenStream)

/*
 * Creating is offered over GraphQL only, through `storefrontTokenCreate`, which makes the token
 * and runs this command with its hash (api/graphql/shared/mutations.ts NON_COMMAND_MUTATIONS): a
 * tool or CLI caller could not produce the hash of a token it never sees.
 */
export const storefrontTokenCreate = defineCommand({
  ...TOKENS,
  name: 'storefrontTokenCreate',
  tool: 'create_storefront_token',
  description:
    'Records a public storefront token of the selected store (its name, hash and last four characters, made beforehand). Returns the token id.',
  transports: ['graphql'],
  annotations: { destructive: false, idempotent: false },
  input: storefrontTokenCreateInput,
  prepare: (input, env) =>
    onToken(env, input.tokenId, { type: 'StorefrontTokenCreate', data: { ...input, storeId: storeOf(env) } }),
})

export const storefrontTokenRevoke = defineCommand({
  ...TOKENS,
  name: 'storefrontTokenRevoke',
  tool: 'revoke_storefront_token',
  description:
    'Revokes a public storefront token of the selected store: from now on the storefront API refuses it (401). Revoking a revoked token changes nothing. Returns the token id.',
  transports: ['graphql', 'mcp', 'cli'],
  annotations: { destructive: true, idempotent: true },
  input: storefrontTokenRevokeInput,
  prepare: (input, env) => onToken(env, input.id, { type: 'StorefrontTokenRevoke', data: { tokenId: input.id } }),
})

export const storefrontTokenDefinitions = [storefrontTokenCreate, storefrontTokenRevoke] as const
