import { defineCommand, storeInternal } from '../../shared/command.js'
import { storeOf } from '../../shared/store-of.js'
import { themeImportAbandonInput, type ThemeImportAbandon } from './commands.js'
import { themeDecider } from './definitions.js'
import { THEME_CATEGORY, themeStream } from './streams.js'

/**
 * Gives up a theme creation cut short by a crash between its appends: the sweep
 * (`app/scheduling/publish-scheduler.ts`) runs it for each creation whose staged files waited
 * longer than `THEME_IMPORT_STALE_MS`, as the system. Offered to no client: a creation that fails
 * while the process lives abandons its own files (`abandonCutShort`).
 */
export const themeImportAbandon = defineCommand({
  name: 'themeImportAbandon',
  tool: 'abandon_theme_import',
  description:
    'Give up a theme creation whose files were staged but which never completed; creations in progress are left alone.',
  ...storeInternal(THEME_CATEGORY, 'webstore:write', { decider: themeDecider }),
  annotations: { destructive: true, idempotent: true },
  input: themeImportAbandonInput,
  async prepare(input, env) {
    const stream = themeStream(storeOf(env.ctx), input.id)
    const history = await env.readStream(stream)
    // The batches since the stream was last empty, as the theme's state counts them.
    let batches = 0
    let lastAt: string | null = null
    for (const event of history) {
      if (event.type === 'ThemeImportAbandoned') [batches, lastAt] = [0, null]
      if (event.type === 'ThemeFilesAdded') [batches, lastAt] = [batches + 1, event.occurredAt]
    }
    const command: ThemeImportAbandon = {
      type: 'ThemeImportAbandon',
      data: { themeId: input.id },
      staged: { batches, lastAt },
    }
    return { stream, entityId: input.id, command }
  },
})
