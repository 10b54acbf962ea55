import { describe, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { StashedSecret } from '../../shared/command.js'
import { ctx } from '../../../test/support/decide-context.js'
import type { PaymentProviderCommand } from './commands.js'
import { paymentProviderDecider } from './definitions.js'
import type { PaymentProviderEvent } from './events.js'

const spec = deciderSpec(paymentProviderDecider, ctx)

const secret = (n: number, last4: string): StashedSecret => ({
  secretId: `01900000-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`,
  last4,
  keyId: 'abcd1234',
})
const ref = ({ secretId, last4 }: StashedSecret) => ({ secretId, last4 })
const SK = secret(1, 'sk01')
const WH = secret(2, 'wh02')
const WH2 = secret(3, 'wh03')

const configure = (data: Partial<Extract<PaymentProviderCommand, { type: 'PaymentProviderConfigure' }>['data']>) =>
  ({
    type: 'PaymentProviderConfigure',
    data: { provider: 'STRIPE', secretKey: null, signingSecret: null, overlapSeconds: null, ...data },
  }) as const satisfies PaymentProviderCommand

const configured: PaymentProviderEvent = {
  type: 'PaymentProviderConfigured',
  data: { provider: 'STRIPE', secretKey: ref(SK), signingSecret: ref(WH), keyId: 'abcd1234' },
}
const rotated = (until: string): PaymentProviderEvent => ({
  type: 'PaymentProviderSigningSecretRotated',
  data: {
    provider: 'STRIPE',
    signingSecret: ref(WH2),
    previousSigningSecret: ref(WH),
    previousValidUntil: until,
    keyId: 'abcd1234',
  },
})

describe('payment provider decider', () => {
  it('configures STRIPE with both secrets, recording only their ids, last 4 and the key id', () => {
    spec
      .given([])
      .when(configure({ secretKey: SK, signingSecret: WH }))
      .then([configured])
  })

  it('needs both STRIPE secrets the first time, naming the missing field', () => {
    spec
      .given([])
      .when(configure({ signingSecret: WH }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'secretKey'] })
    spec
      .given([])
      .when(configure({ secretKey: SK }))
      .thenFails({ code: 'BAD_USER_INPUT', field: ['input', 'webhookSigningSecret'] })
  })

  it('rotates the signing secret with a 24 h overlap by default, or the one given', () => {
    spec
      .given([configured])
      .when(configure({ signingSecret: WH2 }))
      .then([rotated('2026-01-03T03:04:05.000Z')])
    spec
      .given([configured])
      .when(configure({ signingSecret: WH2, overlapSeconds: 60 }))
      .then([rotated('2026-01-02T03:05:05.000Z')])
  })

  it('moves the end of a live overlap when only the overlap is given, and changes nothing otherwise', () => {
    spec
      .given([configured, rotated('2026-01-03T03:04:05.000Z')])
      .when(configure({ overlapSeconds: 0 }))
      .then([
        {
          type: 'PaymentProviderSigningSecretOverlapChanged',
          data: { provider: 'STRIPE', previousValidUntil: '2026-01-02T03:04:05.000Z' },
        },
      ])
    spec
      .given([configured, rotated('2026-01-01T00:00:00.000Z')])
      .when(configure({ overlapSeconds: 0 }))
      .then([])
    spec.given([configured]).when(configure({})).then([])
  })

  it('replaces the API key at once', () => {
    const SK2 = secret(4, 'sk04')
    spec
      .given([configured])
      .when(configure({ secretKey: SK2 }))
      .then([
        {
          type: 'PaymentProviderSecretKeyChanged',
          data: { provider: 'STRIPE', secretKey: ref(SK2), keyId: 'abcd1234' },
        },
      ])
  })

  it('removes a configured provider; a removed or unknown one is NOT_FOUND, and may be configured anew', () => {
    const remove = { type: 'PaymentProviderRemove', data: { provider: 'STRIPE' } } as const
    const removed: PaymentProviderEvent = { type: 'PaymentProviderRemoved', data: { provider: 'STRIPE' } }
    spec.given([configured]).when(remove).then([removed])
    spec.given([]).when(remove).thenFails({ code: 'NOT_FOUND' })
    spec.given([configured, removed]).when(remove).thenFails({ code: 'NOT_FOUND' })
    spec
      .given([configured, removed])
      .when(configure({ secretKey: SK, signingSecret: WH }))
      .then([configured])
  })

  it('configures TEST with its (generated) signing secret and no API key', () => {
    spec
      .given([])
      .when(configure({ provider: 'TEST', signingSecret: WH }))
      .then([
        {
          type: 'PaymentProviderConfigured',
          data: { provider: 'TEST', secretKey: null, signingSecret: ref(WH), keyId: 'abcd1234' },
        },
      ])
  })
})
