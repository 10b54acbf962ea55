import type { DomainEvent } from '../event.js'
import type { PublicationChange } from './publication.js'
import type { Seo } from './seo.js'

/** The event types a resource records its shared changes as, e.g. `PageSeoChanged`, `PagePublished` … */
export interface PublishableEventTypes {
  seoChanged: string
  published: string
  unpublished: string
  scheduled: string
  unscheduled: string
}

type IdOf<IdKey extends string> = { [Key in IdKey]: string }

/** The four publication events of a resource whose events carry its id as `IdKey` (e.g. `pageId`). */
export type PublicationEvent<IdKey extends string, Types extends PublishableEventTypes> =
  | DomainEvent<Types['published'], IdOf<IdKey> & { publishedAt: string }>
  | DomainEvent<Types['unpublished'], IdOf<IdKey>>
  | DomainEvent<Types['scheduled'], IdOf<IdKey> & { publishAt: string }>
  | DomainEvent<Types['unscheduled'], IdOf<IdKey> & { reason: 'published' | 'cancelled' }>

/** The resource's SEO event: the whole new SEO. */
export type SeoEvent<IdKey extends string, Types extends PublishableEventTypes> = DomainEvent<
  Types['seoChanged'],
  IdOf<IdKey> & Seo
>

/**
 * Maps the shared changes (`publishableChanges`, `publishDueChanges`) to a resource's own events
 * and back: `decide` records them with `eventsOf`, `evolve` folds publication events with `is`
 * and `changeOf`. Events keep their names and payloads per resource; only the mapping is shared.
 *
 * @example export const pageEvents = publishableEvents('pageId', { seoChanged: 'PageSeoChanged', published: 'PagePublished', … })
 */
export function publishableEvents<const IdKey extends string, const Types extends PublishableEventTypes>(
  idKey: IdKey,
  types: Types,
) {
  type Publication = PublicationEvent<IdKey, Types>
  // A computed key widens to `{ [x: string]: string }`; it holds exactly `idKey`.
  const idOf = (id: string) => ({ [idKey]: id }) as IdOf<IdKey>
  const publicationTypes: readonly string[] = [types.published, types.unpublished, types.scheduled, types.unscheduled]

  function eventOf(id: string, change: PublicationChange): Publication {
    switch (change.kind) {
      case 'published':
        return { type: types.published, data: { ...idOf(id), publishedAt: change.publishedAt } }
      case 'unpublished':
        return { type: types.unpublished, data: idOf(id) }
      case 'scheduled':
        return { type: types.scheduled, data: { ...idOf(id), publishAt: change.publishAt } }
      case 'unscheduled':
        return { type: types.unscheduled, data: { ...idOf(id), reason: change.reason } }
      default: {
        const _exhaustive: never = change
        return _exhaustive
      }
    }
  }

  return {
    eventOf,
    /** SEO first, then the publication, as every resource has recorded them. */
    eventsOf(
      id: string,
      changes: { seo: Seo | null; publication: readonly PublicationChange[] },
    ): (SeoEvent<IdKey, Types> | Publication)[] {
      const seo: SeoEvent<IdKey, Types>[] = changes.seo
        ? [{ type: types.seoChanged, data: { ...idOf(id), ...changes.seo } }]
        : []
      return [...seo, ...changes.publication.map((change) => eventOf(id, change))]
    },
    is<Event extends DomainEvent>(event: Event): event is Extract<Event, Publication> {
      return publicationTypes.includes(event.type)
    },
    changeOf(event: Publication): PublicationChange {
      // Each branch's type fixes the payload (PublicationEvent); a generic type does not narrow the union.
      const data = event.data as Partial<{ publishedAt: string; publishAt: string; reason: 'published' | 'cancelled' }>
      if (event.type === types.published) return { kind: 'published', publishedAt: data.publishedAt! }
      if (event.type === types.scheduled) return { kind: 'scheduled', publishAt: data.publishAt! }
      if (event.type === types.unscheduled) return { kind: 'unscheduled', reason: data.reason! }
      return { kind: 'unpublished' }
    },
  }
}
