import { z } from 'zod'
import { DomainError } from '../../domain/shared/errors.js'

// What every write tool shares, whether generated from the registry (`command-tools.ts`) or
// wired by hand around a pipeline the registry cannot express (`upload_image`, `delete_media`).

export const eventPosition = z.string().nullable().describe('Log position of the write; null when nothing changed.')

export const confirmField = z
  .literal(true)
  .describe(
    'This change cannot be undone: ask the user first, then pass true. Without it the tool refuses and nothing changes.',
  )

/**
 * The arguments without `confirm` once it is `true`. Checked before anything else, so a call
 * without it never changes anything, whatever else is wrong with it.
 */
export function confirmed(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  const { confirm, ...input } = args
  if (confirm !== true) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `${tool} cannot be undone, so it needs confirm: true; ask the user, then call it again with it. Nothing was changed.`,
      {
        field: ['input', 'confirm'],
      },
    )
  }
  return input
}
