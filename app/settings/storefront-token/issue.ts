import { v7 as uuidv7 } from 'uuid'
import { storefrontTokenCreateRequest } from '../../../domain/settings/storefront-token/commands.js'
import { storefrontTokenCreate } from '../../../domain/settings/storefront-token/definitions.js'
import { parseInput } from '../../auth/input.js'
import { mutate, requireScope, type Caller } from '../../caller.js'
import { generateStorefrontToken } from './token.js'
import { readStorefrontToken } from './reads.js'
import type { StorefrontTokenView } from './view.js'

export interface IssuedStorefrontToken {
  storefrontToken: StorefrontTokenView
  /** The whole token: shown this once. */
  accessToken: string
  eventPosition: string | null
}

/**
 * Makes a token for the selected store and records its hash through the command path, which
 * checks `settings:write`; the token leaves the process only in the answer.
 *
 * @example const { accessToken } = await issueStorefrontToken(caller, { name: 'Next.js shop' })
 */
export async function issueStorefrontToken(caller: Caller, raw: unknown): Promise<IssuedStorefrontToken> {
  requireScope(caller, 'settings:write')
  const request = parseInput(storefrontTokenCreateRequest, raw)
  const secret = generateStorefrontToken()
  const { entityId, eventPosition } = await mutate(caller, storefrontTokenCreate, {
    ...request,
    tokenId: uuidv7(),
    tokenHash: secret.hash,
    last4: secret.last4,
  })
  return { storefrontToken: await readStorefrontToken(caller, entityId), accessToken: secret.token, eventPosition }
}
