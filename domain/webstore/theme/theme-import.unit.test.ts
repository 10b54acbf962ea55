import { describe, expect, it } from 'vitest'
import { deciderSpec } from '../../../test/support/decider-spec.js'
import type { PastEvent } from '../../shared/command.js'
import { contextWith, prepareEnv } from '../../../test/support/decide-context.js'
import { fold } from '../../shared/event.js'
import type { ThemeCommand, ThemeImportAbandon } from './commands.js'
import { abandonCutShort } from './decide.js'
import { defaultThemeFiles } from './default-theme.js'
import { themeDecider } from './definitions.js'
import type { ThemeCreated, ThemeFilesAdded, ThemeImportAbandoned } from './events.js'
import { THEME_IMPORT_STALE_MS } from './file-batches.js'
import { themeFile } from './files.js'
import { themeImportAbandon } from './import-definitions.js'

// A creation cut short between its appends leaves ThemeFilesAdded with no ThemeCreated: the
// command path abandons it when a later append fails, the sweep when a crash left it behind.

const ID = '01900000-0000-7000-8000-0000000000c1'
const STORE = '01900000-0000-7000-8000-00000000c001'
const ctx = contextWith({
  now: new Date('2026-11-26T09:00:00Z'),
  actor: { type: 'system', id: 'scheduler' },
  storeId: STORE,
})
const spec = deciderSpec(themeDecider, ctx)
const ago = (ms: number) => new Date(ctx.now.getTime() - ms).toISOString()

const staged: ThemeFilesAdded[] = [0, 1, 2].map((i) => ({
  type: 'ThemeFilesAdded',
  data: { themeId: ID, files: [themeFile(`snippets/part-${i}.liquid`, `<p>${i}</p>`)] },
}))
const timedOut: ThemeImportAbandoned = { type: 'ThemeImportAbandoned', data: { themeId: ID, reason: 'TIMED_OUT' } }
const abandon = (batches: number, lastAt: string | null): ThemeImportAbandon => ({
  type: 'ThemeImportAbandon',
  data: { themeId: ID },
  staged: { batches, lastAt },
})
const files = defaultThemeFiles()
const create: ThemeCommand = {
  type: 'ThemeCreate',
  data: { themeId: ID, name: 'Again', source: 'DEFAULT', sourceThemeId: null, files, role: null },
  roles: { main: null, draft: null },
}
const created: ThemeCreated = {
  type: 'ThemeCreated',
  data: { themeId: ID, name: 'Again', role: 'DRAFT', source: 'DEFAULT', sourceThemeId: null, files },
}

describe('a theme creation whose later append failed', () => {
  it('is closed by ThemeImportAbandoned (APPEND_FAILED) after the batches that were recorded', () => {
    expect(abandonCutShort(staged.slice(0, 2))).toEqual([
      { type: 'ThemeImportAbandoned', data: { themeId: ID, reason: 'APPEND_FAILED' } },
    ])
    // A command of one append has nothing recorded when it fails; other theme commands stage nothing.
    expect(abandonCutShort([{ type: 'ThemeRenamed', data: { themeId: ID, name: 'x' } }])).toEqual([])
  })

  it('leaves the stream empty: created again, the theme holds none of the abandoned files', () => {
    expect(fold(themeDecider, [...staged, timedOut]).kind).toBe('empty')
    spec
      .given([...staged, timedOut])
      .when(create)
      .then([created])
  })
})

describe('themeImportAbandon, the sweep of creations a crash cut short', () => {
  it('abandons staged files that waited past the bound with nothing staged since', () => {
    spec
      .given(staged)
      .when(abandon(3, ago(THEME_IMPORT_STALE_MS)))
      .then([timedOut])
  })

  it('leaves a creation still within the bound, or one that staged another batch since it was read', () => {
    spec
      .given(staged)
      .when(abandon(3, ago(THEME_IMPORT_STALE_MS - 1_000)))
      .then([])
    spec
      .given(staged)
      .when(abandon(2, ago(THEME_IMPORT_STALE_MS * 2)))
      .then([])
  })

  it('changes nothing once the theme exists, was abandoned, or was never staged', () => {
    const old = ago(THEME_IMPORT_STALE_MS * 2)
    spec
      .given([...staged, created])
      .when(abandon(3, old))
      .then([])
    spec
      .given([...staged, timedOut])
      .when(abandon(0, null))
      .then([])
    spec.given([]).when(abandon(0, null)).then([])
  })

  it('reads the staged batches since the stream was last empty, and when the last came', async () => {
    const past = (type: string, occurredAt: string, revision: number): PastEvent => ({
      type,
      data: {},
      revision,
      occurredAt,
    })
    const history = [
      past('ThemeFilesAdded', ago(90_000_000), 0),
      past('ThemeImportAbandoned', ago(80_000_000), 1),
      past('ThemeFilesAdded', ago(3_000_000), 2),
      past('ThemeFilesAdded', ago(2_000_000), 3),
    ]
    const env = prepareEnv({
      ctx,
      newId: () => ID,
      readStream: async () => history,
    })
    expect(await themeImportAbandon.prepare({ id: ID }, env)).toEqual({
      stream: `theme-${STORE}_${ID}`,
      entityId: ID,
      command: abandon(2, ago(2_000_000)),
    })
    expect(themeImportAbandon).toMatchObject({ transports: [], scope: 'webstore:write', storeScoped: true })
  })
})
