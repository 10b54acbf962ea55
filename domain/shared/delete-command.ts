import {
  defineCommand,
  type CommandDefinition,
  type CommandFace,
  type PrepareEnv,
  type Prepared,
  type StoreWrite,
} from './command.js'
import type { DomainEvent } from './event.js'

type DataOf<Command extends { type: string; data: object }, Type extends string> = Extract<
  Command,
  { type: Type }
>['data']

/**
 * A command that deletes one entity of a store for good, found by the input's `id`: destructive,
 * and not idempotent (a second call answers NOT_FOUND). Its command carries only that id, named
 * `idKey`, on the entity's stream (`on`, the resource's `onStoreEntity`).
 *
 * @example export const pageDelete = deleteCommand(WRITE, onPage, 'PageDelete', 'pageId', { name: 'pageDelete', tool: 'delete_page', description, input })
 */
export function deleteCommand<
  State,
  Command extends { type: string; data: object },
  Event extends DomainEvent,
  Type extends Command['type'],
>(
  write: StoreWrite & Pick<CommandDefinition<{ id: string }, State, Command, Event>, 'decider' | 'uniqueness'>,
  on: (env: PrepareEnv, entityId: string, command: Command) => Prepared<Command>,
  type: Type,
  idKey: keyof DataOf<Command, Type> & string,
  face: Pick<CommandFace<{ id: string }>, 'name' | 'tool' | 'description' | 'summary' | 'input'>,
): CommandDefinition<{ id: string }, State, Command, Event> {
  return defineCommand({
    ...face,
    ...write,
    annotations: { destructive: true, idempotent: false },
    prepare: (input, env) =>
      // Data keyed by a name held in a variable does not narrow to the command of `Type`.
      on(env, input.id, { type, data: { [idKey]: input.id } } as Extract<Command, { type: Type }>),
  })
}
