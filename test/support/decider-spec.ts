import assert from 'node:assert/strict'
import type { DecideContext } from '../../domain/shared/context.js'
import { DomainError, type ErrorCode } from '../../domain/shared/errors.js'
import { fold, type Decider, type DomainEvent } from '../../domain/shared/event.js'

export interface ExpectedError {
  code: ErrorCode
  /** A fragment of the message, or a pattern it must match. */
  message?: string | RegExp
  field?: readonly (string | number)[]
}

/**
 * Given/when/then for deciders, so unit tests read like the domain:
 *
 * @example
 * const spec = deciderSpec(apiKeyDecider, ctx)
 * spec.given([created]).when(revoke).then([revoked])
 * spec.given([]).when(revoke).thenFails({ code: 'NOT_FOUND' })
 *
 * It asserts with `node:assert` rather than a test runner's `expect`, so it stays a pure
 * module that the domain may hold.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  ctx: DecideContext,
) {
  return {
    given(history: readonly Event[]) {
      return {
        when(command: Command, overrides: Partial<DecideContext> = {}) {
          const run = (): Event[] => decider.decide(command, fold(decider, history), { ...ctx, ...overrides })
          return {
            then(expected: readonly Event[]): void {
              assert.deepStrictEqual(run(), expected)
            },
            thenFails(expected: ExpectedError): void {
              let raised: unknown
              try {
                run()
              } catch (error) {
                raised = error
              }
              assert.ok(raised instanceof DomainError, `expected a DomainError ${expected.code}, got ${String(raised)}`)
              assert.equal(raised.code, expected.code)
              if (typeof expected.message === 'string')
                assert.ok(raised.message.includes(expected.message), `message was: ${raised.message}`)
              if (expected.message instanceof RegExp) assert.match(raised.message, expected.message)
              if (expected.field) assert.deepStrictEqual(raised.field, expected.field)
            },
          }
        },
      }
    },
  }
}

/** What `deciderSpec` answers: given/when/then over one decider. */
export type DeciderSpec<State, Command, Event extends DomainEvent> = ReturnType<
  typeof deciderSpec<State, Command, Event>
>

/**
 * The answers every revocable credential gives to its revoke command: the revocation once,
 * nothing on a repeat (revoking is idempotent), and NOT_FOUND on `input.id` for one that does
 * not exist, with `missing` in the message.
 *
 * @example assertRevocation(spec, { created, revoke, revoked }, `API key '${keyId}' does not exist`)
 */
export function assertRevocation<State, Command, Event extends DomainEvent>(
  spec: DeciderSpec<State, Command, Event>,
  { created, revoke, revoked }: { created: Event; revoke: Command; revoked: Event },
  missing: string,
): void {
  spec.given([created]).when(revoke).then([revoked])
  spec.given([created, revoked]).when(revoke).then([])
  spec
    .given([])
    .when(revoke)
    .thenFails({ code: 'NOT_FOUND', field: ['input', 'id'], message: missing })
}

/**
 * The answers every deletable entity gives to its delete command: the deletion once, and
 * NOT_FOUND for one that never existed or is deleted already (ids are never reused).
 *
 * @example assertDeletion(spec, { created, remove: { type: 'MediaDelete', data: { mediaId } }, deleted })
 */
export function assertDeletion<State, Command, Event extends DomainEvent>(
  spec: DeciderSpec<State, Command, Event>,
  { created, remove, deleted }: { created: Event; remove: Command; deleted: Event },
): void {
  spec.given([created]).when(remove).then([deleted])
  spec.given([]).when(remove).thenFails({ code: 'NOT_FOUND' })
  spec.given([created, deleted]).when(remove).thenFails({ code: 'NOT_FOUND' })
}
