import { v7 as uuidv7 } from 'uuid'
import type { AnyCommandDefinition } from '../../../domain/shared/command.js'
import { ALL_SCOPES } from '../../../domain/shared/scopes.js'
import type { CommandContext } from '../../commands/context.js'
import type { MutationResult, Platform } from '../../platform.js'
import { ingestMedia } from '../../media/ingest.js'
import { demoImage, type Motif } from './images.js'

/** The demo store the seed writes into. */
export interface DemoStore {
  organizationId: string
  storeId: string
}

/**
 * Writes into the demo store through the command path as the system's demo actor, so the seeded
 * shop has events, read models and audit entries like any merchant's. One correlation id for the
 * whole seed: the audit log shows it as one operation.
 */
export class DemoSeeder {
  private readonly correlationId = uuidv7()

  constructor(
    readonly platform: Platform,
    readonly store: DemoStore,
  ) {}

  context(): CommandContext {
    return {
      organizationId: this.store.organizationId,
      storeId: this.store.storeId,
      actor: { type: 'system', id: 'demo-seed', name: 'demo shop' },
      scopes: ALL_SCOPES,
      correlationId: this.correlationId,
      causationId: null,
      // Each write at its own time, so "newest first" lists show the shop in the order it was made.
      now: new Date(),
    }
  }

  /** Runs a command and waits until the read models show it; a refused command stops the seed. */
  async run(definition: AnyCommandDefinition, input: unknown): Promise<MutationResult> {
    return this.platform.executeAndWait(definition, input, this.context())
  }

  /** A generated picture stored through the media pipeline; returns its media id. */
  async image(motif: Motif, colour: string, filename: string, alt: string): Promise<string> {
    const bytes = await demoImage(motif, colour)
    const { media } = await ingestMedia(this.platform, this.context(), { bytes, filename, alt })
    return media.id
  }
}
