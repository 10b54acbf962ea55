import { describe, expect, it } from 'vitest'
import { MetricsRegistry } from './registry.js'

describe('Prometheus text exposition', () => {
  it('renders HELP, TYPE and one line per sample, with escaped label values', async () => {
    const registry = new MetricsRegistry()
    const requests = registry.counter('app_requests_total', 'Requests\nanswered.', ['route', 'status'])
    requests.inc({ route: '/graphql', status: '200' })
    requests.inc({ route: '/graphql', status: '200' }, 2)
    requests.inc({ route: 'say "hi"\\', status: '429' })
    registry.gauge('app_lag', 'Lag.')
    expect(await registry.render()).toBe(
      [
        '# HELP app_requests_total Requests\\nanswered.',
        '# TYPE app_requests_total counter',
        'app_requests_total{route="/graphql",status="200"} 3',
        'app_requests_total{route="say \\"hi\\"\\\\",status="429"} 1',
        '# HELP app_lag Lag.',
        '# TYPE app_lag gauge',
        'app_lag 0',
        '',
      ].join('\n'),
    )
  })

  it('runs collectors at every scrape, so label sets that went away disappear', async () => {
    const registry = new MetricsRegistry()
    const lag = registry.gauge('app_projection_lag', 'Lag.', ['projection'])
    let projections = ['a', 'b']
    registry.collect(async () => {
      lag.reset()
      for (const name of projections) lag.set({ projection: name }, name.length)
    })
    expect(await registry.render()).toContain('app_projection_lag{projection="b"} 1')
    projections = ['a']
    expect(await registry.render()).not.toContain('projection="b"')
  })

  it('refuses what would make an invalid exposition', () => {
    const registry = new MetricsRegistry()
    const counter = registry.counter('app_total', 'Total.', ['route'])
    expect(() => counter.inc({ other: 'x' })).toThrow('app_total takes the labels route; got other')
    expect(() => counter.inc({ route: 'x' }, -1)).toThrow('a counter cannot go down')
    expect(() => registry.counter('app_total', 'Again.')).toThrow('registered twice')
    expect(() => registry.gauge('app-lag', 'Bad name.')).toThrow('not a Prometheus metric name')
  })
})
