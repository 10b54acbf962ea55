import { describe, it } from 'vitest'
import { THEME_SECTION_EVENT_TYPES } from '../../../domain/webstore/theme/sections-events.js'
import { themeStream } from '../../../domain/webstore/theme/streams.js'
import { type SpecStore, useProjectionSpec } from '../../../test/support/projection-spec.js'
import { themesProjection } from './projection.js'

const spec = useProjectionSpec(themesProjection)

const file = (path: string, content: string) => ({ path, content, checksum: `sum-${content}`, size: content.length })
const LAYOUT = file('layout/theme.liquid', '{{ content_for_layout }}')
const INDEX = file('templates/index.json', '{}')

function themeOf(shop: SpecStore) {
  const theme = shop.newEntity(themeStream, 'themeId')
  return {
    ...theme,
    created: (role = 'UNPUBLISHED', name = 'Dawn') =>
      theme.event('ThemeCreated', { name, role, source: 'DEFAULT', sourceThemeId: null, files: [LAYOUT, INDEX] }),
  }
}

describe('themes read model', () => {
  it('files a created theme with every file of it', async () => {
    const shop = spec.store()
    const dawn = themeOf(shop)
    const created = dawn.created()
    const at = created.metadata.occurredAt
    await spec.given([created]).thenRows('themes', shop.storeId, [
      {
        id: dawn.themeId,
        organization_id: shop.organizationId,
        name: 'Dawn',
        role: 'UNPUBLISHED',
        source: 'DEFAULT',
        source_theme_id: null,
        created_at: at,
        updated_at: at,
      },
    ])
    await spec.given([]).thenRows('theme_files', shop.storeId, [
      { theme_id: dawn.themeId, ...LAYOUT, content_type: null, updated_at: at },
      { theme_id: dawn.themeId, ...INDEX, content_type: null, updated_at: at },
    ])
  })

  it('renames a theme, creates, changes and deletes its files, and ignores a preview link', async () => {
    const shop = spec.store()
    const dawn = themeOf(shop)
    const logo = { ...file('assets/logo.png', ''), checksum: 'sum-logo', size: 2048, contentType: 'image/png' }
    const events = [
      dawn.created(),
      dawn.event('ThemeRenamed', { name: 'Dawn (spring)' }),
      dawn.event('ThemeFileCreated', logo),
      dawn.event('ThemeFileChanged', file('layout/theme.liquid', '<main>{{ content_for_layout }}</main>')),
      dawn.event('ThemeFileDeleted', { path: INDEX.path }),
      dawn.event('ThemePreviewLinkCreated', { expiresAt: '2026-02-01T00:00:00.000Z' }),
    ]
    await spec
      .given(events)
      .thenRows('themes', shop.storeId, [{ name: 'Dawn (spring)', updated_at: events[4]!.metadata.occurredAt }])
    await spec.given([]).thenRows('theme_files', shop.storeId, [
      {
        path: 'assets/logo.png',
        content: '',
        checksum: 'sum-logo',
        size: 2048,
        content_type: 'image/png',
        updated_at: events[2]!.metadata.occurredAt,
      },
      {
        ...file('layout/theme.liquid', '<main>{{ content_for_layout }}</main>'),
        content_type: null,
        updated_at: events[3]!.metadata.occurredAt,
      },
    ])
  })

  it.each(['ThemeSettingsChanged', ...THEME_SECTION_EVENT_TYPES])(
    'writes the file a %s event rewrote',
    async (type) => {
      const shop = spec.store()
      const dawn = themeOf(shop)
      const rewritten = file(INDEX.path, `{"sections":{"${type}":{}}}`)
      const changed = dawn.event(type, { file: rewritten })
      await spec
        .given([dawn.created(), changed])
        .thenRows('theme_files', { theme_id: dawn.themeId, path: INDEX.path }, [
          { ...rewritten, updated_at: changed.metadata.occurredAt },
        ])
      await spec.given([]).thenRows('themes', shop.storeId, [{ updated_at: changed.metadata.occurredAt }])
    },
  )

  it('makes a published theme the main one and the previous main unpublished', async () => {
    const shop = spec.store()
    const [live, next, first] = [themeOf(shop), themeOf(shop), themeOf(shop)]
    await spec
      .given([
        first.created('DRAFT', 'First'),
        first.event('ThemePublished', { previousRole: 'DRAFT', previousMainThemeId: null }),
        live.created('UNPUBLISHED', 'Live'),
        live.event('ThemePublished', { previousRole: 'UNPUBLISHED', previousMainThemeId: first.themeId }),
        next.created('DRAFT', 'Next'),
        next.event('ThemePublished', { previousRole: 'DRAFT', previousMainThemeId: live.themeId }),
      ])
      .thenRows(
        'themes',
        shop.storeId,
        [
          { name: 'First', role: 'UNPUBLISHED' },
          { name: 'Live', role: 'UNPUBLISHED' },
          { name: 'Next', role: 'MAIN' },
        ],
        ['name'],
      )
  })

  it("drops a deleted theme with its files, and leaves another store's themes alone", async () => {
    const shop = spec.store()
    const other = spec.store()
    const [kept, gone] = [themeOf(shop), themeOf(shop)]
    const theirs = themeOf(other)
    await spec
      .given([kept.created(), gone.created(), theirs.created(), gone.event('ThemeDeleted', { role: 'UNPUBLISHED' })])
      .thenRows('themes', shop.storeId, [{ id: kept.themeId }])
    await spec.given([]).thenRows('theme_files', shop.storeId, [{ theme_id: kept.themeId }, { theme_id: kept.themeId }])
    await spec.given([]).thenRows('themes', other.storeId, [{ id: theirs.themeId }])
  })

  it('tracks a creation in progress until ThemeCreated, and drops the files of an abandoned one', async () => {
    const shop = spec.store()
    const [done, abandoned] = [themeOf(shop), themeOf(shop)]
    const stagedDone = done.event('ThemeFilesAdded', { files: [file('snippets/a.liquid', 'a')] })
    const stagedAbandoned = abandoned.event('ThemeFilesAdded', { files: [file('snippets/b.liquid', 'b')] })
    await spec.given([stagedDone, stagedAbandoned]).thenRows(
      'theme_imports',
      shop.storeId,
      [
        { theme_id: done.themeId, organization_id: shop.organizationId, staged_at: stagedDone.metadata.occurredAt },
        {
          theme_id: abandoned.themeId,
          organization_id: shop.organizationId,
          staged_at: stagedAbandoned.metadata.occurredAt,
        },
      ],
      ['staged_at'],
    )
    await spec
      .given([done.created(), abandoned.event('ThemeImportAbandoned', { reason: 'TIMED_OUT' })])
      .thenRows('theme_imports', shop.storeId, [])
    await spec.given([]).thenRows('theme_files', { theme_id: abandoned.themeId }, [])
    await spec
      .given([])
      .thenRows('theme_files', { theme_id: done.themeId }, [
        { path: LAYOUT.path },
        { path: 'snippets/a.liquid' },
        { path: INDEX.path },
      ])
  })

  it('writes a file once when its change is applied again', async () => {
    const shop = spec.store()
    const dawn = themeOf(shop)
    const changed = dawn.event('ThemeFileChanged', file(LAYOUT.path, '<main></main>'))
    const expected = [{ path: LAYOUT.path, content: '<main></main>' }]
    const scope = { theme_id: dawn.themeId, path: LAYOUT.path }
    await spec.given([dawn.created(), changed]).thenRows('theme_files', scope, expected)
    await spec.given([changed]).thenRows('theme_files', scope, expected)
  })
})
