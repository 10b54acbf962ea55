import type { DomainEvent } from '../../shared/event.js'
import type { AnyGroupValues, SettingsGroup } from './groups.js'

/**
 * One event type per group (`CheckoutSettingsChanged`, `AnalyticsSettingsChanged`, …; see
 * `changedEventType`) with one shape: the whole new values in the schema `version` they were
 * written in, and the names of the fields that changed, for the audit log.
 */
export type GlobalSettingsChanged = DomainEvent<
  string,
  { storeId: string; group: SettingsGroup; version: number; values: AnyGroupValues; changed: string[] }
>
