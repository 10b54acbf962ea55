import { THEME_EVENT_TYPES, type ThemeEvent } from '../../../domain/webstore/theme/events.js'
import type { ThemeFile } from '../../../domain/webstore/theme/files.js'
import type { AnyDb } from '../../../infra/database/database.js'
import type { RecordedEvent } from '../../../infra/eventstore/port.js'
import type { Projection } from '../../../infra/projections/projection.js'
import { storeTablesOf } from '../../shared/entity-projection.js'
import { THEME_FILES_TABLE, THEME_IMPORTS_TABLE, THEMES_TABLE, type ThemeDb } from './tables.js'

/**
 * Themes (`themes`), their files (`theme_files`) and the creations in progress (`theme_imports`).
 * A publish writes only the new main theme's stream; its event names the previous main, which this
 * projection turns UNPUBLISHED.
 */
export const themesProjection: Projection = {
  name: 'themes',
  version: 3,
  eventTypes: THEME_EVENT_TYPES,
  ...storeTablesOf(THEMES_TABLE, THEME_FILES_TABLE, THEME_IMPORTS_TABLE),
  async apply(recorded: RecordedEvent, trx: AnyDb): Promise<void> {
    const db: ThemeDb = trx
    const storeId = recorded.metadata.storeId!
    const at = recorded.metadata.occurredAt
    const event = { type: recorded.type, data: recorded.data } as ThemeEvent
    const touch = async (themeId: string): Promise<void> =>
      void (await db
        .updateTable('themes')
        .set({ updated_at: at })
        .where('store_id', '=', storeId)
        .where('id', '=', themeId)
        .execute())
    switch (event.type) {
      case 'ThemeCreated': {
        const d = event.data
        await db
          .insertInto('themes')
          .values({
            store_id: storeId,
            organization_id: recorded.metadata.organizationId,
            id: d.themeId,
            name: d.name,
            role: d.role,
            source: d.source,
            source_theme_id: d.sourceThemeId,
            created_at: at,
            updated_at: at,
          })
          .execute()
        await upsertFiles(db, storeId, d.themeId, d.files, at)
        return endImport(db, storeId, d.themeId)
      }
      // Files of a theme whose ThemeCreated follows: no `themes` row yet, so no reader sees them.
      case 'ThemeFilesAdded':
        await upsertFiles(db, storeId, event.data.themeId, event.data.files, at)
        await db
          .insertInto('theme_imports')
          .values({
            store_id: storeId,
            organization_id: recorded.metadata.organizationId,
            theme_id: event.data.themeId,
            staged_at: at,
          })
          .onConflict((c) => c.columns(['store_id', 'theme_id']).doUpdateSet({ staged_at: at }))
          .execute()
        return
      // The staged files of a creation that never completed: no theme has them.
      case 'ThemeImportAbandoned':
        await deleteFiles(db, storeId, event.data.themeId)
        return endImport(db, storeId, event.data.themeId)
      case 'ThemeRenamed':
        await db
          .updateTable('themes')
          .set({ name: event.data.name, updated_at: at })
          .where('store_id', '=', storeId)
          .where('id', '=', event.data.themeId)
          .execute()
        return
      case 'ThemeFileCreated':
      case 'ThemeFileChanged': {
        const { themeId, ...file } = event.data
        await upsertFile(db, storeId, themeId, file, at)
        return touch(themeId)
      }
      // Settings, section and block events carry the file they rewrote.
      case 'ThemeSettingsChanged':
      case 'ThemeSectionAdded':
      case 'ThemeSectionSettingsChanged':
      case 'ThemeSectionDisabled':
      case 'ThemeSectionEnabled':
      case 'ThemeSectionRemoved':
      case 'ThemeSectionsReordered':
      case 'ThemeBlockAdded':
      case 'ThemeBlockSettingsChanged':
      case 'ThemeBlockDisabled':
      case 'ThemeBlockEnabled':
      case 'ThemeBlockRemoved':
      case 'ThemeBlocksReordered':
        await upsertFile(db, storeId, event.data.themeId, event.data.file, at)
        return touch(event.data.themeId)
      case 'ThemeFileDeleted':
        await db
          .deleteFrom('theme_files')
          .where('store_id', '=', storeId)
          .where('theme_id', '=', event.data.themeId)
          .where('path', '=', event.data.path)
          .execute()
        return touch(event.data.themeId)
      case 'ThemePublished':
        if (event.data.previousMainThemeId) {
          await db
            .updateTable('themes')
            .set({ role: 'UNPUBLISHED', updated_at: at })
            .where('store_id', '=', storeId)
            .where('id', '=', event.data.previousMainThemeId)
            .execute()
        }
        await db
          .updateTable('themes')
          .set({ role: 'MAIN', updated_at: at })
          .where('store_id', '=', storeId)
          .where('id', '=', event.data.themeId)
          .execute()
        return
      case 'ThemeDeleted':
        await deleteFiles(db, storeId, event.data.themeId)
        await db.deleteFrom('themes').where('store_id', '=', storeId).where('id', '=', event.data.themeId).execute()
        return
      // A preview link changes nothing a reader sees; the audit log and Theme.history show it.
      case 'ThemePreviewLinkCreated':
        return
      default: {
        const _exhaustive: never = event
        return _exhaustive
      }
    }
  },
}

async function deleteFiles(db: ThemeDb, storeId: string, themeId: string): Promise<void> {
  await db.deleteFrom('theme_files').where('store_id', '=', storeId).where('theme_id', '=', themeId).execute()
}

async function endImport(db: ThemeDb, storeId: string, themeId: string): Promise<void> {
  await db.deleteFrom('theme_imports').where('store_id', '=', storeId).where('theme_id', '=', themeId).execute()
}

function fileRow(storeId: string, themeId: string, file: ThemeFile, at: string) {
  return {
    store_id: storeId,
    theme_id: themeId,
    path: file.path,
    content: file.content,
    checksum: file.checksum,
    size: file.size,
    content_type: file.contentType ?? null,
    updated_at: at,
  }
}

/** Files of a creation, as upserts: a creation run again after it was cut short stages the same paths again. */
async function upsertFiles(
  db: ThemeDb,
  storeId: string,
  themeId: string,
  files: readonly ThemeFile[],
  at: string,
): Promise<void> {
  if (files.length === 0) return
  await db
    .insertInto('theme_files')
    .values(files.map((f) => fileRow(storeId, themeId, f, at)))
    .onConflict((c) =>
      c.columns(['store_id', 'theme_id', 'path']).doUpdateSet((eb) => ({
        content: eb.ref('excluded.content'),
        checksum: eb.ref('excluded.checksum'),
        size: eb.ref('excluded.size'),
        content_type: eb.ref('excluded.content_type'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
}

async function upsertFile(db: ThemeDb, storeId: string, themeId: string, file: ThemeFile, at: string): Promise<void> {
  await db
    .insertInto('theme_files')
    .values(fileRow(storeId, themeId, file, at))
    .onConflict((c) =>
      c.columns(['store_id', 'theme_id', 'path']).doUpdateSet({
        content: file.content,
        checksum: file.checksum,
        size: file.size,
        content_type: file.contentType ?? null,
        updated_at: at,
      }),
    )
    .execute()
}
