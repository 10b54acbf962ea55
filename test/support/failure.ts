import { DomainError } from '../../domain/shared/errors.js'

/**
 * The DomainError `work` rejects with, for a test to check its code and message; fails the test
 * when `work` resolves or rejects with anything else. A function is run first, so that a throw
 * before its promise counts as the rejection.
 *
 * @example expect((await failure(authenticateApiKey(db, 'wmk_bad', now))).code).toBe('UNAUTHENTICATED')
 * @example await expect(failure(() => definition.prepare(input, env))).resolves.toMatchObject({ code: 'NOT_FOUND' })
 */
export async function failure(work: Promise<unknown> | (() => unknown)): Promise<DomainError> {
  const error = await (typeof work === 'function' ? Promise.resolve().then(work) : work).then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}
