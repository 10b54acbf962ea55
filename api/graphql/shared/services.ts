import { runService, type Service } from '../../../app/commands/services.js'
import type { GraphQLContext } from './context.js'

/**
 * Runs a registry service for a mutation's resolver (`app/commands/services.ts`), with the
 * origin the client reached us at for the URLs a service hands out.
 */
export function serve<Input, Result>(
  ctx: GraphQLContext,
  service: Service<Input, Result>,
  input: unknown,
): Promise<Result> {
  const { request } = ctx.reply
  return runService(service, input, { caller: ctx, origin: `${request.protocol}://${request.host}` })
}
