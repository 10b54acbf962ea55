import {
  publicationChanges,
  UNPUBLISHED,
  type Publication,
  type PublicationChange,
  type PublicationStatus,
} from './publication.js'
import { changedSeo, NO_SEO, withSeo, type Seo, type SeoInput } from './seo.js'

/** The state publishable content shares: its publication and its SEO. */
export interface Publishable extends Publication {
  seo: Seo
}

/** What a resource is before its first event, and what its created event starts it as: a DRAFT without SEO. */
export const NEW_PUBLISHABLE: Publishable = { ...UNPUBLISHED, seo: NO_SEO }

/** The status, schedule and SEO a create or update asks for; undefined leaves each as it is. */
export interface PublishableInput {
  status?: PublicationStatus | undefined
  /** null cancels the schedule. */
  publishAt?: string | null | undefined
  /** Parts given replace, parts left out stay. */
  seo?: SeoInput | undefined
}

/**
 * What a create or update does to the shared part, for `decide`: the whole new SEO when it
 * changes (the resource's `…SeoChanged`), then the publication changes (its `…Published` …).
 * Throws BAD_USER_INPUT for a schedule on something that would be PUBLISHED.
 */
export function publishableChanges(
  current: Publishable,
  next: PublishableInput,
  now: Date,
): { seo: Seo | null; publication: PublicationChange[] } {
  return {
    seo: changedSeo(current.seo, withSeo(current.seo, next.seo)),
    publication: publicationChanges(current, next, now),
  }
}

/**
 * The status, schedule and SEO of a new page or post: it goes live at once unless it is
 * scheduled, in which case it waits as a DRAFT; SEO parts left out are empty.
 */
export function publishableOnCreate(input: {
  status?: PublicationStatus | null
  publishAt?: string | null
  seo?: SeoInput | null
}): { status: PublicationStatus; seo: Seo; publishAt: string | null } {
  return {
    status: input.status ?? (input.publishAt ? 'DRAFT' : 'PUBLISHED'),
    seo: withSeo(NO_SEO, input.seo),
    publishAt: input.publishAt ?? null,
  }
}
