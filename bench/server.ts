import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

/** The repository root: this file runs from `dist/bench/`. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const CLI = path.join(ROOT, 'dist/cli/main.js')
/** The Node flags `npm start` runs the server with (package.json): the bench measures what an operator runs. */
const START_FLAGS = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'))
const LOG_TAIL_LINES = 40

export interface ServerProcess {
  pid: number
  url: string
  /** The server's last output lines, shown when the bench fails. */
  logTail(): string[]
  /** Lines the server logged at warn level or above. */
  warnings(): string[]
  stop(): Promise<void>
}

/** A TCP port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('could not pick a free port')
  return address.port
}

/**
 * The environment of every process the bench starts: the bench database and quiet logs. One key
 * drives thousands of requests a second, so its budget is made bottomless: the bench measures
 * the cost of rate limiting (costing every query, taking and refunding), not throttling.
 */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_BUCKET: '1000000000',
    RATE_LIMIT_RESTORE_PER_SECOND: '1000000000',
    ...overrides,
  }
  // Events sent to an external event store would outlive the bench database that is dropped at the end.
  delete env.EVENTSTORE_URL
  return env
}

/** Starts `emporium serve` (with `args`, such as `--no-projections`) and resolves once `/ready` answers 200. */
export async function startServer(
  env: NodeJS.ProcessEnv,
  port: number,
  args: readonly string[] = [],
  readyTimeoutMs = 60_000,
): Promise<ServerProcess> {
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const child = spawn(process.execPath, [...START_FLAGS, ...profile, CLI, 'serve', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const tail: string[] = []
  const warnings: string[] = []
  const collect = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue
      tail.push(line)
      if (tail.length > LOG_TAIL_LINES) tail.shift()
      if (isWarning(line)) warnings.push(line)
    }
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  let exited: string | null = null
  child.once('exit', (code, signal) => (exited = `exited with ${signal ?? `code ${code}`}`))
  const url = `http://127.0.0.1:${port}`
  const server: ServerProcess = {
    pid: child.pid!,
    url,
    logTail: () => [...tail],
    warnings: () => [...warnings],
    stop: () => stopChild(child),
  }
  const deadline = Date.now() + readyTimeoutMs
  for (;;) {
    if (exited) throw new Error(`the server ${exited} before it was ready:\n${tail.join('\n')}`)
    const status = await fetch(`${url}/ready`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return server
    if (Date.now() > deadline) {
      await server.stop()
      throw new Error(
        `the server was not ready within ${readyTimeoutMs / 1000} s (last /ready status ${status}):\n${tail.join('\n')}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

function isWarning(line: string): boolean {
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level
    return typeof level === 'number' && level >= 40
  } catch {
    return false
  }
}

/** SIGTERM lets the server drain and checkpoint; SIGKILL after a grace period so the bench never hangs. */
async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

/** Resident set size of a process in MiB, from the kernel's accounting. */
export async function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`)
  return Number(match[1]) / 1024
}

export interface Tenant {
  organizationId: string
  storeId: string
  storeSlug: string
  apiKey: string
}

/**
 * `emporium tenant create`, exactly as an operator runs it; its last stdout line is the tenant as
 * JSON. Each of its commands waits for its read models: on a loaded machine that took over a minute.
 */
export async function createTenant(env: NodeJS.ProcessEnv, org: string, store: string): Promise<Tenant> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [CLI, 'tenant', 'create', '--org', org, '--store', store],
    { cwd: ROOT, env, timeout: 300_000 },
  )
  const last = stdout.trim().split('\n').at(-1) ?? ''
  const tenant = JSON.parse(last) as Partial<Tenant>
  if (!tenant.apiKey || !tenant.storeId) throw new Error(`tenant create printed no key: ${stdout}`)
  return tenant as Tenant
}
