import { DomainError } from '../../domain/shared/errors.js'

/**
 * The DomainError `work` rejects with, for a test to check its code and message; fails the test
 * when `work` resolves or rejects with anything else.
 *
 * @example expect((await failure(authenticateApiKey(db, 'wmk_bad', now))).code).toBe('UNAUTHENTICATED')
 */
export async function failure(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}
