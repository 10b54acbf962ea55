import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALL_SCOPES } from '../domain/shared/scopes.js'
import { parseStreamName } from '../domain/shared/streams.js'
import { loadConfig, type Config } from '../infra/config.js'
import { createLogger } from '../infra/logging/logger.js'
import { Platform } from '../app/platform.js'
import type { RebuildRow } from '../infra/projections/schema.js'
import { allProjections } from '../projections/all.js'
import { useCliBackend } from './support/cli-backend.js'
import { productCreate } from '../domain/catalog/product/definitions.js'
import { allPlatformParts } from '../app/all-parts.js'

/**
 * The CLI as an operator runs it: `node --import tsx cli/main.ts …` in a child process (no build
 * needed), against this file's own database. On Postgres that is a fresh database in DATABASE_URL;
 * on PGlite a data directory in DATA_DIR, which only one process may have open at a time, so
 * every step here runs after the previous one has exited.
 */
const pg = Boolean(process.env.DATABASE_URL)
const root = path.resolve(import.meta.dirname, '..')

interface Run {
  code: number
  stdout: string
  stderr: string
  /** Each stdout line parsed as JSON: fails the test on any line that is not. */
  lines: Record<string, unknown>[]
}

const backend = useCliBackend('emporium-cli-')

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: backend.test?.url ?? '',
    DATA_DIR: backend.dataDir,
    LOG_LEVEL: 'info',
    ...env,
  }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', ...args],
      { cwd: root, env: base, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        const lines = stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            try {
              return JSON.parse(line) as Record<string, unknown>
            } catch {
              throw new Error(`stdout line is not JSON: ${line}\nstderr: ${stderr}`)
            }
          })
        resolve({ code, stdout, stderr, lines })
      },
    )
  })
}

const config = (): Config => ({
  ...loadConfig({}),
  databaseUrl: backend.test?.url,
  dataDir: backend.dataDir,
  logLevel: 'silent',
})
const openPlatform = (runProjections: boolean) =>
  Platform.open(config(), createLogger('silent'), allPlatformParts, { runProjections })

describe('emporium CLI', { timeout: 120_000 }, () => {
  let tenant: { organizationId: string; storeId: string; storeSlug: string; apiKey: string }
  const titles = ['Shirt', 'Hat', 'Scarf']

  it('fails at once on a bad environment variable, with one line naming it', async () => {
    const run = await cli(['migrate'], { PORT: 'abc' })
    expect(run.code).not.toBe(0)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(/^invalid configuration: PORT /)
  })

  it('migrates the database', async () => {
    const run = await cli(['migrate'])
    expect(run).toMatchObject({ code: 0, lines: [{ migrated: true }] })
  })

  it('creates a tenant and prints it as one JSON line', async () => {
    const run = await cli(['tenant', 'create', '--org', 'Acme Inc.', '--store', 'acme'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.lines).toHaveLength(1)
    tenant = run.lines[0] as typeof tenant
    expect(tenant).toEqual({
      organizationId: expect.any(String),
      storeId: expect.any(String),
      storeSlug: 'acme',
      apiKey: expect.stringMatching(/^wmk_/),
    })
  })

  it('creates a key for the store with the scopes asked for, and refuses an unknown scope clearly', async () => {
    const run = await cli(['keys', 'create', '--store', 'acme', '--scopes', 'products:read'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.lines).toEqual([
      { id: expect.any(String), apiKey: expect.stringMatching(/^wmk_/), scopes: ['products:read'] },
    ])

    const bad = await cli(['keys', 'create', '--store', 'acme', '--scopes', 'products:read,products:fly'])
    expect(bad.code).not.toBe(0)
    expect(bad.stdout).toBe('')
    expect(bad.stderr).toContain('unknown scope products:fly')
    expect(bad.stderr).toContain(ALL_SCOPES.join(', '))
  })

  it('rebuilds a store through the process that owns the projections', async () => {
    // A server of this store: it owns every projection while the CLI asks for the rebuild.
    const server = await openPlatform(true)
    try {
      const ctx = {
        organizationId: tenant.organizationId,
        storeId: tenant.storeId,
        actor: { type: 'system' as const, id: 'test' },
        scopes: ALL_SCOPES,
        correlationId: randomUUID(),
        causationId: null,
        now: new Date(),
      }
      for (const title of titles) await server.executeAndWait(productCreate, { title }, ctx)
      if (!pg) return // One process at a time on a PGlite directory: the CLI cannot run beside this one.
      expect(server.runner?.owned().sort()).toEqual(allProjections.map((p) => p.name).sort())

      const run = await cli(['projections', 'rebuild', '--store', 'acme'])
      expect(run.code, run.stderr).toBe(0)
      const rebuilt = allProjections.filter((p) => p.storeTables.length > 0).map((p) => p.name)
      expect(run.lines.map((l) => l.projection).sort()).toEqual(rebuilt.sort())
      for (const line of run.lines) expect(line).toMatchObject({ store: 'acme', status: 'done', error: null })
      expect(run.lines.find((l) => l.projection === 'products')).toMatchObject({ events: titles.length })
    } finally {
      await server.close()
    }
  })

  it('shows a halted projection in the status, exiting non-zero', async () => {
    // As if the audit log had halted on an event: the runner of the next command retries it.
    const database = pg ? backend.test!.database : (await openPlatform(false)).database
    await database.db
      .updateTable('projection_checkpoints')
      .set({ status: 'failed', last_error: 'Boom 1: simulated' })
      .where('name', '=', 'audit_log')
      .execute()
    if (!pg) await database.close()

    const run = await cli(['projections', 'status'])
    expect(run.code).toBe(1)
    expect(run.lines.map((l) => l.name)).toEqual(allProjections.map((p) => p.name))
    for (const line of run.lines) {
      const version = allProjections.find((p) => p.name === line.name)!.version
      expect(line).toMatchObject({ version, storedVersion: version, lag: 0 })
      expect(line.state).toBe(line.name === 'audit_log' ? 'failed' : 'running')
    }
    expect(run.lines.find((l) => l.name === 'audit_log')).toMatchObject({ lastError: 'Boom 1: simulated' })
  })

  it('rebuilds a store with no server running, keeping stdout to its JSON lines while it logs a warning', async () => {
    const run = await cli(['projections', 'rebuild', '--store', 'acme'])
    expect(run.code, run.stderr).toBe(0)
    // Retrying the halted projection logs a warning: it must go to stderr, not into the output.
    expect(run.stderr).toContain('projection failed before')
    expect(run.lines.map((l) => [l.projection, l.status]).sort()).toEqual(
      allProjections
        .filter((p) => p.storeTables.length > 0)
        .map((p) => [p.name, 'done'])
        .sort(),
    )
    if (pg) {
      const rows = (await backend
        .test!.database.db.selectFrom('projection_rebuilds')
        .selectAll()
        .execute()) as RebuildRow[]
      expect(rows.every((r) => r.status === 'done')).toBe(true)
    }
  })

  it("exports the store's events as NDJSON, one event per line in log order", async () => {
    const run = await cli(['events', 'export', '--store', 'acme'])
    expect(run.code, run.stderr).toBe(0)
    // The products, each with the claim of its handle: every event of the store's streams.
    const products = run.lines.filter((l) => l.type === 'ProductCreated')
    expect(products.map((l) => (l.data as { title: string }).title)).toEqual(titles)
    // Besides them only the store's default theme and the claim of its main role, which a
    // reaction installs at its own pace.
    const themeIds = run.lines
      .filter((l) => l.type === 'ThemeCreated')
      .map((l) => (l.data as { themeId: string }).themeId)
    const ofProducts = run.lines.filter(
      (l) => l.type !== 'ThemeCreated' && !themeIds.includes((l.data as { ownerId?: string }).ownerId ?? ''),
    )
    expect(ofProducts.filter((l) => l.type === 'UniqueValueClaimed')).toHaveLength(titles.length)
    expect(ofProducts).toHaveLength(2 * titles.length)
    expect(new Set(run.lines.map((l) => l.id)).size).toBe(run.lines.length)
    for (const [i, line] of run.lines.entries()) {
      expect(Object.keys(line).sort()).toEqual([
        'data',
        'id',
        'metadata',
        'position',
        'recordedAt',
        'revision',
        'stream',
        'type',
      ])
      expect(parseStreamName(String(line.stream)).scopeId).toBe(tenant.storeId)
      if (i > 0) expect(String(line.position) > String(run.lines[i - 1]!.position)).toBe(true)
    }
  })
})
