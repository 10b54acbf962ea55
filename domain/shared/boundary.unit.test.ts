import { describe, expect, it } from 'vitest'
import {
  FILTER_MAX_BRANCHES,
  JSON_MAX_DEPTH,
  JSON_MAX_LENGTH,
  dateTimeProblem,
  filterProblem,
  jsonProblem,
  textProblem,
  unstorableInput,
} from './boundary.js'
import { dateTimeInput, jsonInput, wholeNumber } from './input-types.js'

/** `{and: [{and: [… {} …]}]}` nested `depth` levels. */
function nested(key: string, depth: number): Record<string, unknown> {
  let filter: Record<string, unknown> = {}
  for (let i = 0; i < depth; i++) filter = { [key]: [filter] }
  return filter
}

function deepJson(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

describe('textProblem', () => {
  it('refuses NUL and unpaired surrogates, and takes every well-formed text, emoji included', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL character \(U\+0000\)/)
    expect(textProblem('\ud800')).toMatch(/unpaired UTF-16 surrogate \(U\+D800\)/)
    expect(textProblem('x\udc00')).toMatch(/U\+DC00/)
    expect(textProblem('Größe L 😀 \u0001')).toBeUndefined()
  })
})

describe('dateTimeProblem', () => {
  it('takes the years 1 to 9999 in UTC and nothing outside', () => {
    expect(dateTimeProblem(new Date('0001-01-01T00:00:00Z'))).toBeUndefined()
    expect(dateTimeProblem(new Date('9999-12-31T23:59:59.999Z'))).toBeUndefined()
    expect(dateTimeProblem(new Date('0000-01-01T00:00:00Z'))).toMatch(/years 1 to 9999/)
    // Year 1 at +01:00 is still year 0 in UTC, where it is stored.
    expect(dateTimeProblem(new Date('0001-01-01T00:00:00+01:00'))).toMatch(/years 1 to 9999/)
    expect(dateTimeProblem(new Date('+010000-01-01T00:00:00Z'))).toMatch(/years 1 to 9999/)
    expect(dateTimeProblem(new Date('nonsense'))).toMatch(/not a valid date/)
  })
})

describe('unstorableInput', () => {
  it('names the path of the first bad string or key, in lists and objects', () => {
    expect(unstorableInput({ title: 'ok', tags: ['a', 'b\u0000'] })).toMatchObject({ path: ['tags', 1] })
    expect(unstorableInput({ settings: { 'k\ud800': 1 } })).toMatchObject({
      path: ['settings', 'k\ud800'],
      message: expect.stringMatching(/^has a key that/),
    })
    expect(unstorableInput({ title: 'fine', n: 1, b: true, z: null })).toBeUndefined()
  })

  it('refuses an input nested deeper than any command takes, without recursing', () => {
    expect(unstorableInput(deepJson(100_000))).toMatchObject({ message: expect.stringMatching(/more than 64 levels/) })
  })
})

describe('jsonProblem', () => {
  it('bounds depth and length and stops early on a value nested 10,000 deep', () => {
    expect(jsonProblem(deepJson(JSON_MAX_DEPTH))).toBeUndefined()
    const problem = jsonProblem(deepJson(10_000))
    expect(problem?.message).toMatch(/more than 32 levels/)
    expect(problem?.path).toHaveLength(JSON_MAX_DEPTH)
    expect(jsonProblem({ text: 'x'.repeat(JSON_MAX_LENGTH) })?.message).toMatch(/longer than 65536 characters/)
    expect(jsonProblem({ text: 'x'.repeat(JSON_MAX_LENGTH - 100) })).toBeUndefined()
  })

  it('refuses strings and keys text cannot hold, and what is not JSON', () => {
    expect(jsonProblem({ a: [1, 'x\u0000'] })).toMatchObject({ path: ['a', 1] })
    expect(jsonProblem({ '\ud800': 1 })).toMatchObject({ path: ['\ud800'] })
    expect(jsonProblem(Number.POSITIVE_INFINITY)?.message).toMatch(/finite/)
    expect(jsonProblem(() => 1)?.message).toMatch(/not a JSON value/)
  })
})

describe('filterProblem', () => {
  it('takes 5 levels of and/or and refuses a sixth, after a few steps of a 2,000-deep bomb', () => {
    expect(filterProblem(nested('and', 5), ['filter'])).toBeUndefined()
    expect(filterProblem(nested('and', 6), ['filter'])).toMatchObject({
      path: ['filter', 'and', 0, 'and', 0, 'and', 0, 'and', 0, 'and', 0, 'and'],
      message: expect.stringMatching(/at most 5 levels/),
    })
    expect(filterProblem(nested('or', 2_000), ['filter'])?.message).toMatch(/at most 5 levels/)
  })

  it('counts branches over a whole level: 100 pass, 101 or 10,000 are refused', () => {
    expect(filterProblem({ or: Array.from({ length: FILTER_MAX_BRANCHES }, () => ({})) }, ['filter'])).toBeUndefined()
    expect(filterProblem({ or: Array.from({ length: 10_000 }, () => ({})) }, ['filter'])).toMatchObject({
      path: ['filter', 'or'],
      message: expect.stringMatching(/at most 100 on each level/),
    })
    const split = { and: Array.from({ length: 60 }, () => ({})), or: Array.from({ length: 41 }, () => ({})) }
    expect(filterProblem(split, ['filter'])).toMatchObject({ path: ['filter', 'or'] })
    const wide = { or: Array.from({ length: 2 }, () => ({ or: Array.from({ length: 51 }, () => ({})) })) }
    expect(filterProblem(wide, ['filter'])).toMatchObject({ path: ['filter', 'or', 1, 'or'] })
  })

  it('reads not as one branch, and ignores a filter without combinators', () => {
    expect(filterProblem(nested('not', 6), [])?.message).toMatch(/at most 5 levels/)
    expect(filterProblem({ title: { eq: 'x' } }, ['filter'])).toBeUndefined()
  })
})

describe('the shared zod types', () => {
  it('dateTimeInput takes ISO strings and Dates in range, as one UTC string, and names the field otherwise', () => {
    const publishAt = dateTimeInput('publishAt')
    expect(publishAt.parse('2026-12-01T10:00:00+01:00')).toBe('2026-12-01T09:00:00.000Z')
    expect(publishAt.parse(new Date('2026-12-01T09:00:00Z'))).toBe('2026-12-01T09:00:00.000Z')
    expect(publishAt.safeParse('0000-01-01T00:00:00Z').error?.issues[0]?.message).toBe(
      'publishAt must lie in the years 1 to 9999 (UTC), e.g. 2026-12-01T09:00:00Z',
    )
    expect(publishAt.safeParse(new Date('0000-06-01T00:00:00Z')).success).toBe(false)
    expect(publishAt.safeParse('tomorrow').error?.issues[0]?.message).toBe(
      'publishAt must be an ISO-8601 date and time, e.g. 2026-12-01T09:00:00Z',
    )
  })

  it('jsonInput refuses a deep value with its path inside the value', () => {
    const issue = jsonInput('value').safeParse(deepJson(10_000)).error?.issues[0]
    expect(issue?.message).toMatch(/^is nested more than 32 levels/)
    expect(issue?.path).toHaveLength(JSON_MAX_DEPTH)
    expect(jsonInput('value').parse({ a: [1, 'two', null] })).toEqual({ a: [1, 'two', null] })
  })

  it('wholeNumber keeps to the integer column', () => {
    expect(wholeNumber('position', { min: 0 }).safeParse(2_147_483_648).error?.issues[0]?.message).toBe(
      'position must be at most 2147483647',
    )
    expect(wholeNumber('position', { min: 0 }).parse(2_147_483_647)).toBe(2_147_483_647)
  })
})
