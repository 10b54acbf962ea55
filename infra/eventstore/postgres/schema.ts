import { sql } from 'kysely'
import type { Migrations } from '../../database/migrate.js'

/**
 * The Postgres event log. `global_position` is taken at insert but only becomes visible at
 * commit, so readers order and checkpoint on `(transaction_id, global_position)` and read only
 * below the oldest running transaction (see adapter.ts). Every read index therefore ends in
 * `(transaction_id, global_position)`: a filtered read is one index range scan in log order.
 */
export const eventStoreMigrations: Migrations = {
  '20261121_0001_events': {
    async up(db) {
      await sql`
        create table events (
          global_position bigserial primary key,
          transaction_id xid8 not null default pg_current_xact_id(),
          stream_name text not null,
          stream_revision bigint not null,
          scope_id text not null,
          category text not null,
          event_id uuid not null unique,
          event_type text not null,
          data jsonb not null,
          metadata jsonb not null,
          recorded_at timestamptz not null default now(),
          -- Named: the adapter recognises a lost optimistic-concurrency race by this constraint.
          constraint events_stream_revision_key unique (stream_name, stream_revision)
        )
      `.execute(db)
      // The whole log in order (projections over everything, exports).
      await sql`create index events_log_order on events (transaction_id, global_position)`.execute(db)
      // One store's (or organization's) history: replays, audits, per-store subscriptions.
      await sql`create index events_scope_order on events (scope_id, transaction_id, global_position)`.execute(db)
      // One resource type across stores.
      await sql`create index events_category_order on events (category, transaction_id, global_position)`.execute(db)
      // Projections subscribe by event type: each type is a range scan from the checkpoint, so
      // a projection whose events are rare does not re-read the whole log since its last one.
      await sql`create index events_type_order on events (event_type, transaction_id, global_position)`.execute(db)
      // Events are facts: refuse updates and deletes at the database, not only in the adapter.
      await sql`
        create function events_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'events are append-only';
        end
        $$
      `.execute(db)
      await sql`
        create trigger events_append_only before update or delete on events
        for each statement execute function events_append_only()
      `.execute(db)
    },
    async down(db) {
      await sql`drop table events`.execute(db)
      await sql`drop function events_append_only()`.execute(db)
    },
  },
}
