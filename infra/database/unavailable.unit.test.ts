import { describe, expect, it } from 'vitest'
import { DomainError } from '../../domain/shared/errors.js'
import {
  asUnavailable,
  DatabaseUnavailableError,
  DATABASE_RETRY_AFTER_SECONDS,
  isConnectionLoss,
} from './unavailable.js'

const pgError = (code: string, message = 'server says no') => Object.assign(new Error(message), { code })

describe('a lost database connection', () => {
  it.each([
    ['refused', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset', pgError('ECONNRESET', 'read ECONNRESET')],
    ['admin_shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash_shutdown', pgError('57P02')],
    ['cannot_connect_now', pgError('57P03', 'the database system is starting up')],
    ['connection_exception', pgError('08006')],
    ['connection_does_not_exist', pgError('08003')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['not queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'both addresses refused',
      Object.assign(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]), {}),
    ],
    ['wrapped', new Error('batch failed', { cause: pgError('57P01') })],
  ])('is recognised when %s', (_, error) => {
    expect(isConnectionLoss(error)).toBe(true)
    const mapped = asUnavailable(error)
    expect(mapped).toBeInstanceOf(DomainError)
    expect(mapped).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { retryAfter: DATABASE_RETRY_AFTER_SECONDS },
      cause: error,
    })
  })

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601')],
    ['an out-of-range date', pgError('22008', 'date/time field value out of range')],
    ['a domain error', new DomainError('NOT_FOUND', 'product does not exist')],
    ['nothing', undefined],
  ])('is not confused with %s, which passes unchanged', (_, error) => {
    expect(isConnectionLoss(error)).toBe(false)
    expect(asUnavailable(error)).toBe(error)
  })

  it('is mapped once', () => {
    const once = asUnavailable(pgError('57P01'))
    expect(once).toBeInstanceOf(DatabaseUnavailableError)
    expect(asUnavailable(once)).toBe(once)
  })
})
