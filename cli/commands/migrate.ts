import { openCliPlatform } from '../platform.js'

/** `emporium migrate`: opening the platform migrates to the latest schema; this does only that. */
export async function run(): Promise<void> {
  const { platform } = await openCliPlatform({ runProjections: false })
  await platform.close()
  process.stdout.write(`${JSON.stringify({ migrated: true })}\n`)
}
