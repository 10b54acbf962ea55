import { describe, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { DecideContext } from '../../shared/context.js'
import { customerDecider } from './definitions.js'
import type { CustomerEvent } from './events.js'

const C = '01900000-0000-7000-8000-0000000000c1'
const ctx: DecideContext = {
  now: new Date('2026-01-02T03:04:05.000Z'),
  actor: { type: 'api_key', id: 'key-1' },
  organizationId: 'org-1',
  storeId: '01900000-0000-7000-8000-00000000a001',
}
const spec = deciderSpec(customerDecider, ctx)
const erased: CustomerEvent = { type: 'CustomerErased', data: { customerId: C } }

describe('customerErase', () => {
  it('erases a known customer once, with nothing but the id in the event', () => {
    spec
      .given([])
      .when({ type: 'CustomerErase', data: { customerId: C, known: true } })
      .then([erased])
    spec
      .given([erased])
      .when({ type: 'CustomerErase', data: { customerId: C, known: true } })
      .then([])
  })

  it('answers NOT_FOUND for a customer the store does not know', () => {
    spec
      .given([])
      .when({ type: 'CustomerErase', data: { customerId: C, known: false } })
      .thenFails({ code: 'NOT_FOUND', message: `customer '${C}'` })
  })
})
