import {
  THEME_EVENT_TYPES,
  type ThemeEvent,
  type ThemeRole,
  type ThemeSettingsChanged,
} from '../../../domain/webstore/theme/events.js'
import { THEME_SECTION_EVENTS, type ThemeSectionEvent } from '../../../domain/webstore/theme/sections-events.js'
import type { ThemeFile } from '../../../domain/webstore/theme/files.js'
import { storeProjection } from '../../shared/entity-projection.js'
import { deleteInStore } from '../../shared/store-rows.js'
import { THEME_FILES_TABLE, THEME_IMPORTS_TABLE, THEMES_TABLE, type ThemeDb } from './tables.js'

/**
 * Themes (`themes`), their files (`theme_files`) and the creations in progress (`theme_imports`).
 * A publish writes only the new main theme's stream; its event names the previous main, which this
 * projection turns UNPUBLISHED.
 */
export const themesProjection = storeProjection({
  version: 3,
  eventTypes: THEME_EVENT_TYPES,
  tables: [THEMES_TABLE, THEME_FILES_TABLE, THEME_IMPORTS_TABLE],
  async apply(event: ThemeEvent, db: ThemeDb, { storeId, recorded }) {
    const at = recorded.metadata.occurredAt
    /** Stamps the theme's row with this event's time, and sets `changes` on it. */
    const touch = async (themeId: string, changes: { name?: string; role?: ThemeRole } = {}): Promise<void> =>
      void (await db
        .updateTable('themes')
        .set({ ...changes, updated_at: at })
        .where('store_id', '=', storeId)
        .where('id', '=', themeId)
        .execute())
    if (rewritesFile(event)) {
      await upsertFile(db, storeId, event.data.themeId, event.data.file, at)
      return touch(event.data.themeId)
    }
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
        return touch(event.data.themeId, { name: event.data.name })
      case 'ThemeFileCreated':
      case 'ThemeFileChanged': {
        const { themeId, ...file } = event.data
        await upsertFile(db, storeId, themeId, file, at)
        return touch(themeId)
      }
      case 'ThemeFileDeleted':
        await db
          .deleteFrom('theme_files')
          .where('store_id', '=', storeId)
          .where('theme_id', '=', event.data.themeId)
          .where('path', '=', event.data.path)
          .execute()
        return touch(event.data.themeId)
      case 'ThemePublished':
        if (event.data.previousMainThemeId) await touch(event.data.previousMainThemeId, { role: 'UNPUBLISHED' })
        return touch(event.data.themeId, { role: 'MAIN' })
      case 'ThemeDeleted':
        await deleteFiles(db, storeId, event.data.themeId)
        await deleteInStore(db, 'themes', storeId, { id: event.data.themeId })
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
})

/** Settings, section and block events: each carries the file it rewrote. */
function rewritesFile(event: ThemeEvent): event is ThemeSettingsChanged | ThemeSectionEvent {
  return event.type === 'ThemeSettingsChanged' || Object.hasOwn(THEME_SECTION_EVENTS, event.type)
}

async function deleteFiles(db: ThemeDb, storeId: string, themeId: string): Promise<void> {
  await deleteInStore(db, 'theme_files', storeId, { theme_id: themeId })
}

async function endImport(db: ThemeDb, storeId: string, themeId: string): Promise<void> {
  await deleteInStore(db, 'theme_imports', storeId, { theme_id: themeId })
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
