import type { PrepareEnv } from '../../domain/shared/command.js'
import type { DecideContext } from '../../domain/shared/context.js'

/** The store the domain unit tests decide in. */
export const STORE = '01900000-0000-7000-8000-00000000a001'

/** The context of a domain unit test: an API key of org-1 acting in `STORE`, at a fixed time. */
export const ctx: DecideContext = {
  now: new Date('2026-01-02T03:04:05Z'),
  actor: { type: 'api_key', id: 'key-1' },
  organizationId: 'org-1',
  storeId: STORE,
}

/** `ctx` with some of its fields replaced, e.g. another actor. */
export function contextWith(changes: Partial<DecideContext>): DecideContext {
  return { ...ctx, ...changes }
}

/**
 * What a definition's `prepare` sees in a unit test: `ctx`, no reservation taken, every stream
 * empty and ids that must not be used; `changes` replace any of them.
 */
export function prepareEnv(changes: Partial<PrepareEnv> = {}): PrepareEnv {
  return { ctx, newId: () => 'unused', reservationOwner: async () => null, readStream: async () => [], ...changes }
}

/** The context of an operator's command on an organization (no store), as `emporium tenant|keys …` runs it. */
export function operatorContext(organizationId: string): DecideContext {
  return { now: new Date('2026-11-21T10:00:00Z'), actor: { type: 'system', id: 'cli' }, organizationId, storeId: null }
}

/**
 * UUIDs that end in the given hex digits, one per argument, for the ids a test names.
 *
 * @example const [A, B] = idsEndingIn('aa', 'bb') // '01900000-0000-7000-8000-0000000000aa', '…bb'
 */
export function idsEndingIn<const Ends extends readonly string[]>(...ends: Ends): { [K in keyof Ends]: string } {
  return ends.map((end) => `01900000-0000-7000-8000-${end.padStart(12, '0')}`) as { [K in keyof Ends]: string }
}
