import { Liquid, toPromise } from 'liquidjs'
import { describe, expect, it } from 'vitest'
import { drive } from './drive.js'

describe('drive', () => {
  it('hands each nested generator its value back, and a promise its result', async () => {
    function* inner(n: number): Generator<unknown, number, unknown> {
      const doubled = (yield Promise.resolve(n * 2)) as number
      return doubled + 1
    }
    function* outer(): Generator<unknown, number[], unknown> {
      const a = (yield inner(1)) as number
      const b = (yield inner(10)) as number
      const plain = (yield 'as is') as string
      return [a, b, plain.length]
    }
    expect(await drive(outer())).toEqual([3, 21, 5])
  })

  it('throws a failure into the generator that yielded it, which may catch it', async () => {
    function* failing(): Generator<unknown, never, unknown> {
      yield Promise.resolve()
      throw new Error('inner broke')
    }
    function* catching(): Generator<unknown, string, unknown> {
      try {
        yield failing()
        return 'not reached'
      } catch (error) {
        const rejected = yield Promise.reject(new Error('rejected')).catch((e: Error) => `caught ${e.message}`)
        return `${(error as Error).message}, ${rejected as string}`
      }
    }
    expect(await drive(catching())).toBe('inner broke, caught rejected')
  })

  it('rejects with what no generator caught, and with a rejected promise nobody caught', async () => {
    function* uncaught(): Generator<unknown, void, unknown> {
      yield (function* () {
        yield undefined
        throw new Error('nobody caught me')
      })()
    }
    await expect(drive(uncaught())).rejects.toThrow('nobody caught me')
    function* awaitsRejection(): Generator<unknown, void, unknown> {
      yield Promise.reject(new Error('the database is down'))
    }
    await expect(drive(awaitsRejection())).rejects.toThrow('the database is down')
  })

  it('renders a liquidjs template exactly as liquidjs itself does', async () => {
    const liquid = new Liquid()
    const source =
      '{% for i in (1..3) %}{% if i == 2 %}{% continue %}{% endif %}{{ i | times: n }}{% capture x %}[{{ i }}]{% endcapture %}{{ x }}{% endfor %}{{ later }}'
    const scope = { n: 7, later: Promise.resolve('done') }
    const expected = await toPromise(liquid._parseAndRender(source, scope, { sync: false }))
    expect(expected).toBe('7[1]21[3]done')
    expect(await drive(liquid._parseAndRender(source, scope, { sync: false }))).toBe(expected)
  })
})
