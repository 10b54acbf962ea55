import { z } from 'zod'
import { PUBLICATION_STATUSES, type PublicationStatus } from '../../../domain/shared/publishable/publication.js'
import type { EntityVersionRecord } from '../../../projections/shared/entity-table.js'
import { isVisibleToShoppers } from '../../../projections/shared/publishable.js'
import { isoString } from '../../shared/connection.js'
import { versionView, versionViewShape } from '../../shared/version-view.js'

// What the views of pages and posts share: status, schedule, SEO, visibility and the stream's times.

export const seoViewSchema = z.object({ title: z.string(), description: z.string() })

export const publicationViewShape = {
  status: z.enum(PUBLICATION_STATUSES),
  seo: seoViewSchema,
  publishAt: z.string().nullable().describe('When this DRAFT goes live by itself; null when not scheduled.'),
  publishedAt: z.string().nullable().describe('When it went live; null while DRAFT.'),
  visible: z.boolean().describe('Whether shoppers see it now.'),
  ...versionViewShape,
}

interface PublishableRecord extends EntityVersionRecord {
  status: PublicationStatus
  seo: { title: string; description: string }
  publishAt: Date | null
  publishedAt: Date | null
}

/** The publication part of a view; `visible` is judged at the time of the read. */
export function publicationView(record: PublishableRecord) {
  return {
    status: record.status,
    seo: record.seo,
    publishAt: record.publishAt && isoString(record.publishAt),
    publishedAt: record.publishedAt && isoString(record.publishedAt),
    visible: isVisibleToShoppers(record, new Date()),
    ...versionView(record),
  }
}
