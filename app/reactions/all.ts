import type { Reaction } from '../../domain/shared/reaction.js'
import { installDefaultThemeOnStoreCreated } from '../../domain/webstore/theme/reactions.js'

/** Every reaction the platform runs (where projections run). */
export const allReactions: readonly Reaction[] = [installDefaultThemeOnStoreCreated]
