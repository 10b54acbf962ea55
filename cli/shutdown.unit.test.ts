import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { gracefulShutdown } from './shutdown.js'

const logger = pino({ level: 'silent' })

describe('a bounded shutdown', () => {
  it('drains, then stops, when everything finishes in time', async () => {
    const order: string[] = []
    const outcome = await gracefulShutdown(
      {
        drain: async () => void order.push('drain'),
        abandon: () => order.push('abandon'),
        stop: async () => void order.push('stop'),
      },
      { timeoutMs: 1_000, logger },
    )
    expect(order).toEqual(['drain', 'stop'])
    expect(outcome).toMatchObject({ requestsDrained: true, stopped: true })
  })

  it('cuts off requests that hang, still stops the projections, and ends within the bound', async () => {
    const order: string[] = []
    let release: () => void = () => undefined
    const outcome = await gracefulShutdown(
      {
        drain: () => new Promise<void>((resolve) => (release = resolve)),
        abandon: () => {
          order.push('abandon')
          release()
        },
        stop: async () => void order.push('stop'),
      },
      { timeoutMs: 300, logger },
    )
    expect(order).toEqual(['abandon', 'stop'])
    expect(outcome).toMatchObject({ requestsDrained: false, stopped: true })
    expect(outcome.elapsedMs).toBeLessThan(400)
  })

  it('ends within the bound even when nothing it waits for ever finishes', async () => {
    const never = () => new Promise<void>(() => undefined)
    const outcome = await gracefulShutdown({ drain: never, stop: never }, { timeoutMs: 200, logger })
    expect(outcome).toMatchObject({ requestsDrained: false, stopped: false })
    expect(outcome.elapsedMs).toBeLessThan(300)
  })

  it('goes on to stop the projections when closing the server fails', async () => {
    const outcome = await gracefulShutdown(
      { drain: () => Promise.reject(new Error('boom')), stop: async () => undefined },
      { timeoutMs: 500, logger },
    )
    expect(outcome).toMatchObject({ requestsDrained: true, stopped: true })
  })
})
