import type { CommandFace } from './command.js'

/**
 * A registry entry whose execution is more than one stream's decide: a bulk call runs one
 * product command per item, an import runs many per line, an upload sniffs, re-encodes and
 * stores bytes before it records them. Transports serve it as they serve a command (its name is
 * the GraphQL mutation, its tool the MCP tool, its scope and input the checks); a service in
 * `app/` executes it, running registry commands on the way (`app/commands/services.ts`).
 */
export interface ServiceDefinition<Input = unknown> extends CommandFace<Input> {
  execution: 'service'
}

/** Erases the input type for the registry, which holds the services of every resource. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServiceDefinition = ServiceDefinition<any>

/** Keeps the input type inferred at the definition site. */
export function defineService<Input>(
  definition: Omit<ServiceDefinition<Input>, 'execution'>,
): ServiceDefinition<Input> {
  return { ...definition, execution: 'service' }
}
