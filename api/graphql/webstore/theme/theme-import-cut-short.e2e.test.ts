import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { THEME_IMPORT_STALE_MS } from '../../../../domain/webstore/theme/file-batches.js'
import { themeFile } from '../../../../domain/webstore/theme/files.js'
import { themeStream } from '../../../../domain/webstore/theme/streams.js'
import type { ThemeDb } from '../../../../projections/webstore/theme/tables.js'
import { useTenant, useTestApp } from '../../../../test/support/app.js'
import { themeZip, untilMainTheme } from '../../../../test/support/themes.js'

// A large theme goes in several appends. When a later one fails, the command path closes the
// creation with ThemeImportAbandoned, and the theme read model drops the files it had staged;
// when the process died instead, the sweep does it once the files waited past the bound.

const CREATE = 'mutation ($input: ThemeCreateInput!) { themeCreate(input: $input) { theme { id } } }'
const t = useTestApp({ config: { publishSchedulerIntervalMs: 100 } })
const shop = useTenant(t, 'theme-cut-short')

beforeAll(async () => {
  await untilMainTheme(t, shop.apiKey)
})

/** 60 snippets of 60 KB: 3.6 MB of text, several appends, yet a small zip (it deflates well). */
function largeZip(): string {
  const snippets: Record<string, string> = {}
  for (let i = 0; i < 60; i++) snippets[`snippets/filler-${i}.liquid`] = `<p>${i} "quoted"</p>\n`.repeat(3_500)
  return themeZip(snippets)
}

describe('a theme creation whose second append fails', () => {
  it('answers the error, records ThemeImportAbandoned after the staged files, and leaves no file rows', async () => {
    const store = t.platform.eventStore
    const appendMany = store.appendMany.bind(store)
    let themeAppends = 0
    let cutStream: string | null = null
    const failing = vi.spyOn(store, 'appendMany').mockImplementation(async (writes) => {
      if (cutStream === null && writes[0]!.stream.startsWith(`theme-${shop.storeId}_`) && ++themeAppends === 2) {
        cutStream = writes[0]!.stream
        throw new Error('connection to the event store lost')
      }
      return appendMany(writes)
    })
    const response = await t.gql(shop.apiKey, CREATE, {
      input: { name: 'Cut short', source: 'ZIP', zip: largeZip(), role: 'UNPUBLISHED' },
    })
    failing.mockRestore()
    expect(response.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR')
    expect(response.errors?.[0]?.message).not.toContain('connection')

    const history = await store.readStream(cutStream!)
    expect(history.map((event) => event.type)).toEqual(['ThemeFilesAdded', 'ThemeImportAbandoned'])
    const themeId = String(history[0]!.data.themeId)
    expect(history[1]!.data).toEqual({ themeId, reason: 'APPEND_FAILED' })

    await t.platform.waitForPosition(history[1]!.position)
    const db: ThemeDb = t.platform.database.db
    const left = await db.selectFrom('theme_files').select('path').where('theme_id', '=', themeId).execute()
    expect(left).toEqual([])
    const open = await db.selectFrom('theme_imports').selectAll().where('store_id', '=', shop.storeId).execute()
    expect(open).toEqual([])
    const themes = await t.gql<{ themes: { nodes: { name: string }[] } }>(shop.apiKey, '{ themes { nodes { name } } }')
    expect(themes.data!.themes.nodes.map((theme) => theme.name)).not.toContain('Cut short')
  })
})

describe('a theme creation a crash cut short', () => {
  /** Stages one batch of files of a new theme as a creation would, recorded `age` ago. */
  async function staged(age: number): Promise<string> {
    const themeId = randomUUID()
    await t.platform.eventStore.append(
      themeStream(shop.storeId, themeId),
      [
        {
          id: randomUUID(),
          type: 'ThemeFilesAdded',
          data: { themeId, files: [themeFile('snippets/staged.liquid', '<p>staged</p>')] },
          metadata: {
            organizationId: shop.organizationId,
            storeId: shop.storeId,
            actor: { type: 'api_key', id: 'key-of-the-crashed-import' },
            correlationId: randomUUID(),
            causationId: null,
            schemaVersion: 1,
            occurredAt: new Date(Date.now() - age).toISOString(),
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    )
    return themeId
  }

  it('is abandoned by the sweep once its files waited past the bound; one still in progress is not', async () => {
    const crashed = await staged(THEME_IMPORT_STALE_MS + 60_000)
    const inProgress = await staged(0)
    const typesOf = async (themeId: string) =>
      (await t.platform.eventStore.readStream(themeStream(shop.storeId, themeId))).map((event) => event.type)
    await vi.waitFor(async () => expect(await typesOf(crashed)).toEqual(['ThemeFilesAdded', 'ThemeImportAbandoned']), {
      timeout: 30_000,
    })
    const [, abandoned] = await t.platform.eventStore.readStream(themeStream(shop.storeId, crashed))
    expect(abandoned!.data).toEqual({ themeId: crashed, reason: 'TIMED_OUT' })
    expect(abandoned!.metadata.actor).toMatchObject({ type: 'system', id: 'scheduler' })
    const db: ThemeDb = t.platform.database.db
    const themesWithFiles = async () =>
      (await db.selectFrom('theme_files').select('theme_id').where('store_id', '=', shop.storeId).execute()).map(
        (row) => row.theme_id,
      )
    // The themes projection applies the abandonment on its own clock: wait for it, not for a bounded position wait.
    await vi.waitFor(async () => expect(await themesWithFiles()).not.toContain(crashed), { timeout: 30_000 })
    expect(await themesWithFiles()).toContain(inProgress)
    expect(await typesOf(inProgress)).toEqual(['ThemeFilesAdded'])
  })
})
