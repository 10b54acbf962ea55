type Step = Iterator<unknown, unknown, unknown>

const isIterator = (value: unknown): value is Step =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Step).next === 'function' &&
  typeof (value as Step).throw === 'function'

const isPromise = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function'

/**
 * Runs a liquidjs render (a generator that yields nested generators, promises and plain values)
 * to its end, as liquidjs' `toPromise` does, with one difference: `toPromise` wraps every nested
 * generator — every tag, output and loop iteration — in an async function of its own, a promise
 * and a microtask each, which was a quarter of a collection page's CPU. Here nested generators
 * are stepped in place on an explicit stack, and only a real promise (a drop reading the
 * database, or the renderer's pause for other requests) is awaited.
 */
export async function drive(render: unknown): Promise<unknown> {
  if (!isIterator(render)) return render
  const stack: Step[] = [render]
  let input: unknown = undefined
  let failed = false
  for (;;) {
    const top = stack[stack.length - 1]!
    let state: IteratorResult<unknown, unknown>
    try {
      state = failed ? top.throw!(input) : top.next(input)
      failed = false
    } catch (error) {
      // The generator did not catch it: its caller gets the chance, as with a `yield*`.
      stack.pop()
      if (stack.length === 0) throw error
      input = error
      failed = true
      continue
    }
    if (state.done) {
      stack.pop()
      if (stack.length === 0) return state.value
      input = state.value
    } else if (isIterator(state.value)) {
      stack.push(state.value)
      input = undefined
    } else if (isPromise(state.value)) {
      try {
        input = await state.value
      } catch (error) {
        input = error
        failed = true
      }
    } else input = state.value
  }
}
