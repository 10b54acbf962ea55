import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useCliBackend } from './support/cli-backend.js'

/**
 * `emporium catalog import` as an operator runs it: `node --import tsx cli/main.ts …` in a child
 * process against this file's own database (a fresh Postgres database, or a PGlite directory
 * that each step opens after the previous one exited).
 */
const root = path.resolve(import.meta.dirname, '..')

const backend = useCliBackend('emporium-import-')

interface Run {
  code: number
  stdout: string
  stderr: string
  lines: Record<string, unknown>[]
}

/**
 * The summary line an import into the store `imports` ends with; counts left out are 0. A run that
 * creates or updates products writes them and names the position of its last event, unless it is a
 * dry run; a run that writes nothing names none.
 */
function summary(
  counts: { lines: number; created?: number; updated?: number; unchanged?: number; rejected?: number },
  { dryRun = false } = {},
) {
  const { lines, created = 0, updated = 0, unchanged = 0, rejected = 0 } = counts
  const writes = !dryRun && created + updated > 0
  return {
    store: 'imports',
    lines,
    created,
    updated,
    unchanged,
    dryRun,
    eventPosition: writes ? expect.any(String) : null,
    rejected,
  }
}

function cli(args: string[]): Promise<Run> {
  const env = {
    ...process.env,
    DATABASE_URL: backend.test?.url ?? '',
    DATA_DIR: path.join(backend.dataDir, 'data'),
    LOG_LEVEL: 'warn',
  }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', ...args],
      { cwd: root, env, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({
          code,
          stdout,
          stderr,
          lines: stdout
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>),
        })
      },
    )
  })
}

const CATALOG = [
  JSON.stringify({ title: 'Linen Shirt', handle: 'linen-shirt', tags: ['linen'], status: 'DRAFT' }),
  JSON.stringify({ title: 'Wool Hat' }),
  'oops',
  JSON.stringify({ title: 'Bad Status', status: 'SOLD_OUT' }),
  JSON.stringify({ title: 'Canvas Tote', vendor: 'Acme', description: 'Sturdy' }),
].join('\n')

describe('emporium catalog import', { timeout: 180_000 }, () => {
  let catalog: string

  it('imports a file, reporting rejected lines on stdout and exiting 1 because of them', async () => {
    expect((await cli(['tenant', 'create', '--org', 'Importers', '--store', 'imports'])).code).toBe(0)
    catalog = path.join(backend.dataDir, 'catalog.ndjson')
    await writeFile(catalog, CATALOG)
    const run = await cli(['catalog', 'import', '--store', 'imports', catalog])
    expect(run.code, run.stderr).toBe(1)
    expect(run.lines).toEqual([
      {
        rejected: { line: 3, code: 'BAD_USER_INPUT', field: [], message: expect.stringMatching(/^line 3 is not JSON/) },
      },
      {
        rejected: {
          line: 4,
          code: 'BAD_USER_INPUT',
          field: ['status'],
          message: 'status must be one of DRAFT, ACTIVE, ARCHIVED',
        },
      },
      summary({ lines: 5, created: 3, rejected: 2 }),
    ])
  })

  it('appends nothing when the same file is imported again', async () => {
    const before = (await cli(['events', 'export', '--store', 'imports'])).lines.length
    const run = await cli(['catalog', 'import', '--store', 'imports', catalog])
    expect(run.lines.at(-1)).toEqual(summary({ lines: 5, unchanged: 3, rejected: 2 }))
    const events = (await cli(['events', 'export', '--store', 'imports'])).lines
    expect(events.length).toBe(before)
    expect(events.filter((e) => e.type === 'ProductCreated')).toHaveLength(3)
  })

  it('on a dry run writes nothing, and a clean file exits 0', async () => {
    const clean = path.join(backend.dataDir, 'clean.ndjson')
    await writeFile(
      clean,
      `${JSON.stringify({ title: 'Linen Shirt', handle: 'linen-shirt', status: 'ACTIVE' })}\n${JSON.stringify({ title: 'Cork Mat' })}\n`,
    )
    const dry = await cli(['catalog', 'import', '--store', 'imports', clean, '--dry-run'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.lines).toEqual([summary({ lines: 2, created: 1, updated: 1 }, { dryRun: true })])
    const real = await cli(['catalog', 'import', '--store', 'imports', clean])
    expect(real.lines).toEqual([summary({ lines: 2, created: 1, updated: 1 })])
    const events = (await cli(['events', 'export', '--store', 'imports'])).lines
    expect(events.filter((e) => e.type === 'ProductStatusChanged')).toHaveLength(1)
  })

  it('on a dry run reports exactly what the real run then does, lines that build on earlier lines included', async () => {
    const file = path.join(backend.dataDir, 'parity.ndjson')
    const mugs = {
      options: [{ name: 'Colour', values: ['White', 'Blue'] }],
      variants: [{ price: '8.00', optionValues: [{ name: 'Colour', value: 'White' }] }],
    }
    await writeFile(
      file,
      [
        JSON.stringify({ title: 'Parity Mug', ...mugs }),
        // Line 1's product, by its handle: the real run updates it, so the dry run must too.
        JSON.stringify({ title: 'Parity Mug', handle: 'parity-mug', tags: ['ceramic'] }),
        JSON.stringify({ title: 'Parity Cup', variants: [{ price: 'cheap' }] }),
      ].join('\n'),
    )
    const before = (await cli(['events', 'export', '--store', 'imports'])).lines.length
    const dry = await cli(['catalog', 'import', '--store', 'imports', file, '--dry-run'])
    expect((await cli(['events', 'export', '--store', 'imports'])).lines.length).toBe(before)
    const real = await cli(['catalog', 'import', '--store', 'imports', file])
    expect(real.lines).toEqual([
      { rejected: { line: 3, code: 'BAD_USER_INPUT', field: ['variants', 0, 'price'], message: expect.any(String) } },
      summary({ lines: 3, created: 1, updated: 1, rejected: 1 }),
    ])
    expect(dry.lines).toEqual([real.lines[0], { ...real.lines[1], dryRun: true, eventPosition: null }])
  })

  it('matches variants without SKUs by their option values: a re-run appends nothing, a new price updates the variant', async () => {
    const file = path.join(backend.dataDir, 'mugs.ndjson')
    const line = (blue: string) =>
      JSON.stringify({
        title: 'Option Mug',
        options: [{ name: 'Colour', values: ['White', 'Blue'] }],
        variants: [
          { price: '8.00', optionValues: [{ name: 'Colour', value: 'White' }] },
          { price: blue, optionValues: [{ name: 'Colour', value: 'Blue' }] },
        ],
      })
    await writeFile(file, line('9.00'))
    expect((await cli(['catalog', 'import', '--store', 'imports', file])).lines.at(-1)).toMatchObject({
      created: 1,
      rejected: 0,
    })
    const before = (await cli(['events', 'export', '--store', 'imports'])).lines.length
    const again = await cli(['catalog', 'import', '--store', 'imports', file])
    expect(again.code, again.stderr).toBe(0)
    expect(again.lines).toEqual([summary({ lines: 1, unchanged: 1 })])
    expect((await cli(['events', 'export', '--store', 'imports'])).lines.length).toBe(before)

    await writeFile(file, line('9.50'))
    expect((await cli(['catalog', 'import', '--store', 'imports', file])).lines).toEqual([
      summary({ lines: 1, updated: 1 }),
    ])
    const added = (await cli(['events', 'export', '--store', 'imports'])).lines.slice(before)
    expect(added.map((e) => [e.type, (e.data as { price?: number }).price])).toEqual([
      ['ProductVariantPriceChanged', 950],
    ])
  })

  it('explains its usage and an unknown store', async () => {
    const usage = await cli(['catalog', 'import', '--store', 'imports'])
    expect(usage.code).not.toBe(0)
    expect(usage.stderr).toContain('usage: emporium catalog import --store SLUG FILE [--dry-run]')
    const unknown = await cli(['catalog', 'import', '--store', 'nowhere', catalog])
    expect(unknown.code).not.toBe(0)
    expect(unknown.stderr).toContain("no store with slug 'nowhere'")
  })
})
