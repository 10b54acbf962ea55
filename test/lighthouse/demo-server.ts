import { spawn, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { untilOutput } from './child-output.js'

/** `emporium serve` on a fresh data directory, as `npm start` runs it: PGlite, demo shop seeded. */
export interface DemoServer {
  /** `http://demo-store.localhost:<port>` (no trailing slash). */
  storefront: string
  stop(): Promise<void>
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** Anything that would take the server off the embedded, offline defaults `npm start` uses. */
const NOT_INHERITED = ['DATABASE_URL', 'EVENTSTORE_URL', 'REDIS_URL', 'MEDIA_S3_BUCKET', 'DEMO_SHOP', 'PLATFORM_HOST']
const START_TIMEOUT_MS = 600_000
const WARM_UP_ATTEMPTS = 5

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/**
 * Starts the CLI's own `serve` command from source on a free port and a temporary DATA_DIR, and
 * resolves once it printed the demo shop's storefront URL, which it does after seeding and
 * listening. Its logs (warnings and worse) go to this process's stderr.
 */
export async function startDemoServer(): Promise<DemoServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'emporium-lighthouse-'))
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of NOT_INHERITED) delete env[name]
  // READ_WAIT_MS at its ceiling: on a busy machine the read models lag the seed's commands by more
  // than the default 5 s, and a seed step that finds no store yet would stop the server.
  Object.assign(env, {
    READ_WAIT_MS: '60000',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  })
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/main.ts'), 'serve'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = async () => {
    await stopChild(child)
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    const storefront = await storefrontUrl(child)
    return { storefront, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Reads the server's stdout up to the `Storefront: <url>` line of its start-up banner, echoing it
 * to this process's stderr.
 */
async function storefrontUrl(child: ChildProcess): Promise<string> {
  const { match, output } = await untilOutput(child, {
    name: 'the server',
    stream: 'stdout',
    pattern: /Storefront: (http:\/\/\S+?)\/?\s/,
    timeoutMs: START_TIMEOUT_MS,
    silent: 'the server printed no storefront URL',
    unreached: 'it served',
    onChunk: (chunk) => process.stderr.write(chunk),
  })
  if (!output.includes('A demo organization and shop were created'))
    throw new Error(`the demo shop was not filled (see the log above):\n${output}`)
  return match[1]!
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

/**
 * Requests each page until it answers 200, as the shoppers before the measured one would have:
 * a live shop answers from its page cache, not with the first render after a boot. The first
 * render of a page can run past the 2 s render bound on a starved machine (a 500); it is tried
 * again a few times. Node cannot resolve `*.localhost` everywhere, so the request goes to
 * 127.0.0.1 with the store's Host header.
 */
export async function warmUp(storefront: string, paths: readonly string[]): Promise<void> {
  const origin = new URL(storefront)
  for (const pagePath of paths) {
    let status = 0
    for (let attempt = 1; attempt <= WARM_UP_ATTEMPTS && status !== 200; attempt++)
      status = await statusOf(origin, pagePath)
    if (status !== 200) throw new Error(`${storefront}${pagePath} answered ${status}, not 200`)
  }
}

function statusOf(origin: URL, pagePath: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: origin.port, path: pagePath, headers: { host: origin.host } },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end()
  })
}
