import { allCommands } from '../domain/commands.js'
import { allProjections } from '../projections/all.js'
import type { PlatformParts } from './platform.js'
import { platformReactions } from './reactions/all.js'

/**
 * Every command, projection and reaction: the parts of the whole platform, as `emporium serve`,
 * the CLI and the tests' app open it. Apart from app/platform.ts, which the reactions import.
 */
export const allPlatformParts: PlatformParts = {
  commands: allCommands,
  projections: allProjections,
  reactions: platformReactions,
}
