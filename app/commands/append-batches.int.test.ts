import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fold } from '../../domain/shared/event.js'
import { themeFile } from '../../domain/webstore/theme/files.js'
import { themeCreate, themeDecider } from '../../domain/webstore/theme/definitions.js'
import type { ThemeEvent } from '../../domain/webstore/theme/events.js'
import { THEME_DRAFT_KEY, themeStream } from '../../domain/webstore/theme/streams.js'
import { reservationStream } from '../../domain/shared/reservations.js'
import type { EventStore, StreamWrite } from '../../infra/eventstore/port.js'
import { usePostgresEventStore } from '../../test/support/eventstore.js'
import { themeZip } from '../../test/support/themes.js'
import { eventBytes, MAX_APPEND_BYTES } from './append-batches.js'
import { executeCommand } from './execute.js'

/** KurrentDB's default `MaxAppendSize`: what every append of one call must stay under. */
const KURRENTDB_DEFAULT_MAX_APPEND = 1_048_576

const pg = usePostgresEventStore()
/** Every append call: the streams it wrote and the bytes of all its events. */
const appends: { streams: string[]; bytes: number }[] = []

function recording(inner: EventStore): EventStore {
  const note = (writes: StreamWrite[]) =>
    appends.push({
      streams: writes.map((w) => w.stream),
      bytes: writes.flatMap((w) => w.events).reduce((sum, event) => sum + eventBytes(event), 0),
    })
  return {
    ...inner,
    append(stream, events, options) {
      note([{ stream, events, ...options }])
      return inner.append(stream, events, options)
    },
    appendMany(writes) {
      note(writes)
      return inner.appendMany(writes)
    },
  }
}

describe('a large theme import', () => {
  it('is appended in several calls, each under the event store bound, the role claim with the last', async () => {
    const storeId = randomUUID()
    // The default theme plus 60 snippets of 60 KB: 3.6 MB of text, about the size of Dawn or Horizon.
    const snippets: Record<string, string> = {}
    for (let i = 0; i < 60; i++) snippets[`snippets/filler-${i}.liquid`] = `<p>${i} "quoted"</p>\n`.repeat(3_500)
    const result = await executeCommand(
      recording(pg.store),
      themeCreate,
      { name: 'Large', source: 'ZIP', zip: themeZip(snippets) },
      {
        organizationId: randomUUID(),
        storeId,
        actor: { type: 'api_key', id: 'key-1', name: 'test key' },
        scopes: ['webstore:write'],
        correlationId: randomUUID(),
        causationId: null,
        now: new Date('2026-11-26T07:00:00Z'),
      },
    )
    expect(appends.length).toBeGreaterThan(3)
    for (const append of appends) {
      expect(append.bytes).toBeLessThanOrEqual(MAX_APPEND_BYTES + 4_096)
      expect(append.bytes).toBeLessThan(KURRENTDB_DEFAULT_MAX_APPEND)
    }
    const draftClaim = reservationStream(storeId, THEME_DRAFT_KEY)
    expect(appends.slice(0, -1).some((a) => a.streams.includes(draftClaim))).toBe(false)
    expect(appends.at(-1)!.streams).toContain(draftClaim)

    const history = await pg.store.readStream(themeStream(storeId, result.entityId))
    expect(history.map((e) => e.type).at(-1)).toBe('ThemeCreated')
    expect(new Set(history.slice(0, -1).map((e) => e.type))).toEqual(new Set(['ThemeFilesAdded']))
    expect(result.events.map((e) => e.position)).toEqual(history.map((e) => e.position))
    const state = fold(
      themeDecider,
      history.map((e) => ({ type: e.type, data: e.data }) as ThemeEvent),
    )
    expect(state.kind).toBe('existing')
    if (state.kind !== 'existing') return
    expect(state.theme.files['snippets/filler-59.liquid']).toEqual(
      themeFile('snippets/filler-59.liquid', snippets['snippets/filler-59.liquid']!),
    )
    expect(Object.keys(state.theme.files).length).toBeGreaterThan(60)
  })
})
