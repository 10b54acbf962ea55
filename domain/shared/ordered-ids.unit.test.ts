import { describe, expect, it } from 'vitest'
import { insertion, listedTwice, removal, reordering } from './ordered-ids.js'

const names = { field: 'ids', notInList: (id: string) => `'${id}' is not in the list`, twice: listedTwice('item') }

describe('ordered ids', () => {
  it('inserts only what is not there yet, at the position or the end', () => {
    expect(insertion(['a', 'b'], ['b', 'c'], 0)).toEqual({ ids: ['c'], position: 0 })
    expect(insertion(['a', 'b'], ['c'], 9)).toEqual({ ids: ['c'], position: 2 })
    expect(insertion(['a', 'b'], ['a'], null)).toBeNull()
  })

  it('removes in list order with the positions the ids had', () => {
    expect(removal(['a', 'b', 'c'], ['c', 'a', 'x'])).toEqual({ ids: ['a', 'c'], positions: [0, 2] })
    expect(removal(['a'], ['x'])).toBeNull()
  })

  it('moves the listed ids first and refuses unknown or repeated ones at their index', () => {
    expect(reordering(['a', 'b', 'c'], ['c', 'a'], names)).toEqual(['c', 'a', 'b'])
    expect(reordering(['a', 'b'], ['a'], names)).toBeNull()
    expect(() => reordering(['a'], ['x'], names)).toThrow("'x' is not in the list")
    expect(() => reordering(['a', 'b'], ['a', 'a'], names)).toThrow("item 'a' is listed twice; list each item once")
  })
})
