import type { ApiKeyCreated, ApiKeyRevoked } from '../../domain/tenancy/api-key/events.js'
import { apiKeyStream } from '../../domain/tenancy/api-key/streams.js'
import type { OrganizationCreated } from '../../domain/tenancy/organization/events.js'
import { organizationStream } from '../../domain/tenancy/organization/streams.js'
import type { StoreCreated } from '../../domain/tenancy/store/events.js'
import { storeStream } from '../../domain/tenancy/store/streams.js'
import type { AnyDb } from '../../infra/database/database.js'
import type { RecordedEvent } from '../../infra/eventstore/port.js'
import { tenancyProjection } from '../../projections/tenancy/projection.js'

/**
 * Synthetic recorded tenancy events for tests that need organizations, stores and keys in the
 * read model without running the command path and the event store.
 */
export class TenancyFixture {
  private sequence = 0
  private readonly revisions = new Map<string, number>()

  constructor(private readonly db: AnyDb) {}

  async organization(organizationId: string, name = 'Acme Inc.'): Promise<void> {
    const event: OrganizationCreated = { type: 'OrganizationCreated', data: { organizationId, name } }
    await this.apply(organizationStream(organizationId), organizationId, event)
  }

  async store(organizationId: string, storeId: string, slug: string, name = slug): Promise<void> {
    const event: StoreCreated = {
      type: 'StoreCreated',
      data: { storeId, organizationId, name, slug, defaultLocale: 'en', currency: 'USD' },
    }
    await this.apply(storeStream(organizationId, storeId), organizationId, event)
  }

  async apiKey(data: ApiKeyCreated['data'], at?: Date): Promise<void> {
    await this.apply(
      apiKeyStream(data.organizationId, data.keyId),
      data.organizationId,
      { type: 'ApiKeyCreated', data },
      at,
    )
  }

  async revokeApiKey(organizationId: string, keyId: string, at?: Date): Promise<void> {
    const event: ApiKeyRevoked = { type: 'ApiKeyRevoked', data: { keyId } }
    await this.apply(apiKeyStream(organizationId, keyId), organizationId, event, at)
  }

  private async apply(
    stream: string,
    organizationId: string,
    event: { type: string; data: object },
    at = new Date('2026-11-21T10:00:00Z'),
  ): Promise<void> {
    this.sequence++
    const revision = (this.revisions.get(stream) ?? -1) + 1
    this.revisions.set(stream, revision)
    const recorded: RecordedEvent = {
      id: `0190a0b0-0000-7000-9000-${String(this.sequence).padStart(12, '0')}`,
      type: event.type,
      data: { ...event.data },
      metadata: {
        organizationId,
        storeId: null,
        actor: { type: 'system', id: 'test' },
        correlationId: 'test',
        causationId: null,
        schemaVersion: 1,
        occurredAt: at.toISOString(),
      },
      streamName: stream,
      revision,
      position: String(this.sequence).padStart(20, '0'),
      recordedAt: at,
    }
    await tenancyProjection.apply(recorded, this.db)
  }
}
