import { describe, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import { customerDecider } from './definitions.js'
import type { CustomerEvent } from './events.js'
import { ctx } from '../../../test/support/decide-context.js'

const C = '01900000-0000-7000-8000-0000000000c1'
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
