import { describe, expect, it } from 'vitest'
import { DomainError } from '../../domain/shared/errors.js'
import { operationLabeler } from '../../app/metrics/api-metrics.js'
import { createPlatformMetrics } from './platform-metrics.js'

describe('platform metrics', () => {
  it('times a command by outcome: ok, the domain error code, else INTERNAL_SERVER_ERROR', async () => {
    const metrics = createPlatformMetrics()
    await metrics.timeCommand('productCreate', async () => 'done')
    await expect(
      metrics.timeCommand('productCreate', async () => {
        throw new DomainError('CONFLICT', 'taken')
      }),
    ).rejects.toThrow('taken')
    await expect(
      metrics.timeCommand('productCreate', async () => {
        throw new Error('database went away')
      }),
    ).rejects.toThrow('database went away')
    const text = await metrics.registry.metrics()
    for (const outcome of ['ok', 'CONFLICT', 'INTERNAL_SERVER_ERROR'])
      expect(text).toContain(`emporium_command_duration_seconds_count{command="productCreate",outcome="${outcome}"} 1`)
  })

  it('gives every platform its own registry, so two platforms in one process do not clash', async () => {
    const first = createPlatformMetrics()
    const second = createPlatformMetrics()
    first.projectionBatchDuration.observe({ projection: 'products' }, 0.01)
    expect(await first.registry.metrics()).toContain(
      'emporium_projection_batch_duration_seconds_count{projection="products"} 1',
    )
    expect(await second.registry.metrics()).not.toContain('projection="products"')
  })

  it('bounds the operation label: anonymous, the first names, then other', () => {
    const label = operationLabeler(2)
    expect(label(null)).toBe('anonymous')
    expect(label('')).toBe('anonymous')
    expect(label('Ping')).toBe('Ping')
    expect(label('x'.repeat(65))).toBe('other')
    expect(label('Products')).toBe('Products')
    expect(label('Third')).toBe('other')
    expect(label('Ping')).toBe('Ping')
  })
})
