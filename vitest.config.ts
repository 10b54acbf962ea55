import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share a worker's module cache: loading the app's module graph costs ~1.5 s a file,
    // and every test builds its own platform and database anyway, so no state is shared by modules.
    isolate: false,
    // Half the time of a file is waiting on Postgres, a child process or a browser: a second worker
    // uses it even on two cores (vitest's default there is one).
    maxWorkers: 2,
    // Migrates once per run; every file's database starts from that snapshot.
    globalSetup: ['test/support/global-setup.ts'],
  },
})
