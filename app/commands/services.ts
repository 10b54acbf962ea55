import { commandScopesText, grantsCommand } from '../../domain/shared/command.js'
import { DomainError } from '../../domain/shared/errors.js'
import type { ServiceDefinition } from '../../domain/shared/service.js'
import { requireStore, type Caller } from '../caller.js'
import { parseCommandInput } from './execute.js'

/** Who runs a service, and where they reached us. */
export interface ServiceCall {
  caller: Caller
  /** The origin clients reach the API at (`https://api.example.com`), for URLs a service hands out; null over stdio. */
  origin: string | null
}

/** The execution of a registry service (`domain/shared/service.ts`): what runs once its scope, store and input are checked. */
export interface Service<Input = unknown, Result = unknown> {
  definition: ServiceDefinition<Input>
  /**
   * How the raw input is checked, when not by the definition's schema as a whole: a bulk call
   * checks only its list and leaves each item to its command, which reports it on its own.
   */
  parse?(raw: unknown): Input
  run(input: Input, call: ServiceCall): Promise<Result>
}

/** Identity helper that ties a service's run to its definition's input type. */
export function defineServiceRun<Input, Result>(service: Service<Input, Result>): Service<Input, Result> {
  return service
}

/**
 * Runs a registry service the way `executeCommand` runs a command: scope check (FORBIDDEN), the
 * selected store, input validation (BAD_USER_INPUT with the field path), then the service,
 * which runs registry commands on the way and waits for the read models itself.
 *
 * @example await runService(productsBulkCreateService, { items: [{ title: 'Shirt' }] }, { caller, origin: null })
 */
export async function runService<Input, Result>(
  service: Service<Input, Result>,
  raw: unknown,
  call: ServiceCall,
): Promise<Result> {
  const { definition } = service
  if (!grantsCommand(call.caller.principal.scopes, definition)) {
    throw new DomainError(
      'FORBIDDEN',
      `${definition.name} needs the ${commandScopesText(definition)} scope, which this credential does not have`,
    )
  }
  if (definition.storeScoped) requireStore(call.caller)
  const input = service.parse ? service.parse(raw) : parseCommandInput(definition.input, raw)
  return service.run(input, call)
}
