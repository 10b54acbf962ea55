import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from './database.js'
import { perFile } from './per-file.js'

/** Where a CLI run as a child process keeps its state: DATA_DIR, and DATABASE_URL when on Postgres. */
export interface CliBackend {
  /** A scratch directory of the file's own, removed after its tests. */
  dataDir: string
  /** A fresh database when DATABASE_URL is set; else none, and the CLI runs on PGlite in `dataDir`. */
  test: TestDatabase | undefined
}

/**
 * The `CliBackend` of a test file, made before its tests and dropped after them.
 *
 * @example const backend = useCliBackend('emporium-cli-') // then DATA_DIR: backend.dataDir
 */
export function useCliBackend(prefix: string): CliBackend {
  return perFile(
    async () => ({
      dataDir: await mkdtemp(path.join(tmpdir(), prefix)),
      test: process.env.DATABASE_URL ? await createTestDatabase() : undefined,
    }),
    async ({ dataDir, test }) => {
      await test?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  )
}
