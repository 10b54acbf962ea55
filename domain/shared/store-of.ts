import type { PrepareEnv, Prepared } from './command.js'
import type { DecideContext } from './context.js'
import { DomainError } from './errors.js'

/**
 * The store a command acts on, from its decide context or its prepare env, or BAD_USER_INPUT
 * asking for one. Transports already refuse a store command without a store; this guards every
 * other caller (CLI, tests, reactions) the same way.
 *
 * @example const storeId = storeOf(env) // in prepare; storeOf(ctx) in decide
 */
export function storeOf(from: DecideContext | PrepareEnv): string {
  const { storeId } = 'ctx' in from ? from.ctx : from
  if (!storeId)
    throw new DomainError(
      'BAD_USER_INPUT',
      'this command works on one store: select it with the X-Store header (store id or slug)',
    )
  return storeId
}

/**
 * Where a resource's commands on one of its entities go: that entity's stream in the selected store.
 *
 * @example const onCart = onStoreEntity<CartCommand>(cartStream) // in prepare: return onCart(env, input.cartId, command)
 */
export function onStoreEntity<Command>(stream: (storeId: string, entityId: string) => string) {
  // Generic in the command so that a definition's `prepare` answers its own command type (`ProductCreate`), not the union.
  return <C extends Command>(env: PrepareEnv, entityId: string, command: C): Prepared<C> => ({
    stream: stream(storeOf(env), entityId),
    entityId,
    command,
  })
}

/**
 * The `prepare` of a command whose input is its command's data as it is, on the stream of the
 * entity that `input[idKey]` names; `on` is the resource's `onStoreEntity`.
 *
 * @example prepare: inputAsData(onCart, 'cartId', 'CartClear') // onCart(env, input.cartId, { type: 'CartClear', data: input })
 */
export function inputAsData<Command extends { type: string; data: object }, Type extends Command['type']>(
  on: (env: PrepareEnv, entityId: string, command: Command) => Prepared<Command>,
  idKey: keyof DataOf<Command, Type> & string,
  type: Type,
) {
  return (input: DataOf<Command, Type>, env: PrepareEnv) =>
    // A command of `Type` carries data of its own type (DataOf), which a type held in a variable does not narrow to.
    on(env, String(input[idKey]), { type, data: input } as Extract<Command, { type: Type }>)
}

type DataOf<Command extends { type: string; data: object }, Type extends string> = Extract<
  Command,
  { type: Type }
>['data']
