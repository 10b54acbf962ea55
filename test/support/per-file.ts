import { afterAll, beforeAll } from 'vitest'

/**
 * What a test file opens once in `beforeAll` and closes in `afterAll`, held in a constant
 * instead of a `let` that every file assigns and closes by hand:
 *
 * @example
 * const t = perFile(() => startTestApp(), (app) => app.close())
 *
 * Its fields are read when a hook or a test runs; reading one at the top of the file, before
 * `beforeAll` has opened it, throws. `timeout` is the `beforeAll` hook's, for an opening slower than
 * the configured one.
 */
export function perFile<Opened extends object>(
  open: () => Promise<Opened>,
  close: (opened: Opened) => Promise<void>,
  timeout?: number,
): Opened {
  let opened: Opened | undefined
  beforeAll(async () => {
    opened = await open()
  }, timeout)
  afterAll(async () => {
    if (opened) await close(opened)
  })
  // A stand-in that forwards every read to what `beforeAll` opened.
  return new Proxy({} as Opened, {
    get(_, key) {
      if (!opened) throw new Error(`${String(key)} is read before beforeAll opened it: read it in a hook or a test`)
      const value: unknown = Reflect.get(opened, key)
      return typeof value === 'function' ? value.bind(opened) : value
    },
  })
}
