import { execFile } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

/** `emporium serve` as an operator starts it, in a child process: a bad key stops it before anything opens. */
function serve(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', 'serve'],
      { cwd: root, env: { ...process.env, PORT: '0', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    )
  })
}

describe('emporium serve with a malformed SECRETS_KEY', { timeout: 60_000 }, () => {
  it.each([['SECRETS_KEY'], ['SECRETS_KEY_PREVIOUS']])('fails at start with one line naming %s', async (name) => {
    const run = await serve({ [name]: 'c2hvcnQ=' })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim().split('\n')).toEqual([
      `invalid configuration: ${name} must be 32 bytes in base64 (44 characters, e.g. from \`openssl rand -base64 32\`)`,
    ])
  })
})
