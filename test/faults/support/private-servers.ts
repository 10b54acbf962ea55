/**
 * Private PostgreSQL clusters and Redis servers that fault tests may restart and kill: the
 * shared ones on 5432 and 6379 serve every other test file and engineer, and must never be
 * touched. Each lives in a temporary directory on a free port and is removed at `stop()`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { existsSync, readdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A free TCP port on 127.0.0.1, as the kernel hands it out. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * Why a fault test cannot run here, or null when it can. Outside CI the test skips and prints
 * this; under CI (env `CI` set) a missing binary is a failure, since the fault would go untested.
 */
export function missingBinary(name: 'postgres' | 'redis-server'): string | null {
  if (name === 'redis-server')
    return existsSync(REDIS_SERVER) ? null : `${REDIS_SERVER} is not installed (apt-get install -y redis-server)`
  return postgresBin()
    ? null
    : 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)'
}

/** Skips (with the reason printed) outside CI, fails under CI. Returns whether the test may run. */
export function requireBinary(name: 'postgres' | 'redis-server'): boolean {
  const missing = missingBinary(name)
  if (!missing) return true
  if (process.env.CI) throw new Error(`fault test cannot run under CI: ${missing}`)
  process.stdout.write(`skipping fault test: ${missing}\n`)
  return false
}

const REDIS_SERVER = '/usr/bin/redis-server'

let cachedBin: string | null | undefined
/** The newest installed PostgreSQL's binaries (Debian keeps them out of PATH). */
function postgresBin(): string | null {
  if (cachedBin !== undefined) return cachedBin
  cachedBin = null
  const root = '/usr/lib/postgresql'
  // Synchronous on purpose: asked once, before a suite decides whether to run.
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  for (const version of versions) {
    const bin = path.join(root, version, 'bin')
    if (existsSync(path.join(bin, 'pg_ctl')) && existsSync(path.join(bin, 'initdb'))) return (cachedBin = bin)
  }
  return null
}

/** Runs a PostgreSQL binary as the `postgres` OS user when we are root (the server refuses to run as root). */
async function asPostgres(binary: string, args: string[]): Promise<string> {
  const bin = path.join(postgresBin()!, binary)
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
  const { stdout } = await run(file, argv, { timeout: 60_000 })
  return stdout
}

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string
  port: number
  /** `pg_ctl restart` in the given mode: `fast` ends sessions cleanly, `immediate` is a crash (recovery on start). */
  restart(mode: 'fast' | 'immediate'): Promise<void>
  /** Stops the server, leaving its data for `start()`. */
  halt(mode: 'fast' | 'immediate'): Promise<void>
  start(): Promise<void>
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>
}

/** initdb into a temporary directory and start a server on a free port, trust auth, socket in the same directory. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'emporium-pg-'))
  await chmod(dir, 0o777)
  const data = path.join(dir, 'data')
  const log = path.join(dir, 'server.log')
  const port = await freePort()
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=100`
  const ctl = (args: string[]) => asPostgres('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', ...args])
  const start = async () => {
    await ctl(['-o', options, 'start'])
  }
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: async (mode) => {
      await ctl(['-m', mode, '-o', options, 'restart'])
    },
    halt: async (mode) => {
      await ctl(['-m', mode, 'stop'])
    },
    start,
    async stop() {
      await ctl(['-m', 'immediate', 'stop']).catch(() => undefined)
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export interface PrivateRedis {
  url: string
  port: number
  /** SIGKILL: the server is gone at once, with every bucket in it. */
  kill(): Promise<void>
  /** Starts a fresh, empty server on the same port. */
  start(): Promise<void>
  stop(): Promise<void>
}

/** A `redis-server` on a free port, without persistence, killed and started again at will. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort()
  const dir = await mkdtemp(path.join(tmpdir(), 'emporium-redis-'))
  let child: ChildProcess | null = null
  const start = async () => {
    const server = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child = server
    await new Promise<void>((resolve, reject) => {
      let output = ''
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Ready to accept connections')) resolve()
      })
      server.once('exit', (code) => reject(new Error(`redis-server exited (${String(code)}): ${output}`)))
    })
  }
  const kill = async () => {
    const server = child
    child = null
    if (!server || server.exitCode !== null) return
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGKILL')
    await exited
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async stop() {
      await kill()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
