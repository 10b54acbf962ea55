import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const ROOT = path.join(import.meta.dirname, '../../..')
const PROBE = path.join(import.meta.dirname, 'resource-probe.ts')

/** One pino line of the server's stdout. */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number }

export interface ServerProcess {
  child: ChildProcess
  pid: number
  /** `http://127.0.0.1:<port>` */
  baseUrl: string
  port: number
  /** The demo tenant `serve` prints once when it starts on an empty PGlite directory. */
  demoTenant(timeoutMs?: number): Promise<{ apiKey: string; storeId: string }>
  logs: LogLine[]
  /** Everything the process wrote, for a failure message. */
  output(): string
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Resolves with the first log line that matches, or rejects after `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine>
  /** Resource figures from inside the process (see `resource-probe.ts`), after a forced GC. */
  probe(timeoutMs?: number): Promise<ResourceProbe>
}

export interface ResourceProbe {
  rss: number
  heapUsed: number
  /** `process.getActiveResourcesInfo()`: sockets, timers, file handles, … */
  handles: number
  byType: Record<string, number>
}

/**
 * `emporium serve` as a real process (`node --import tsx cli/main.ts serve`) on a port the
 * kernel picks, logging JSON to stdout; resolves once it is serving. With `probe`, the process
 * also answers SIGUSR2 with its resource figures.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { probe?: boolean; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const args = [
    '--import',
    'tsx',
    ...(options.probe ? ['--expose-gc', '--import', PROBE] : []),
    path.join(ROOT, 'cli/main.ts'),
    'serve',
  ]
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // A rate-limit budget no fault run spends: they are about faults, not budgets.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      GRAPHQL_PLAYGROUND: 'false',
      // The demo tenant without the demo shop: seeding it would only lengthen every start.
      DEMO_SHOP: 'false',
      RATE_LIMIT_BUCKET: '1000000',
      RATE_LIMIT_RESTORE_PER_SECOND: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: LogLine[] = []
  const probes: ResourceProbe[] = []
  let text = ''
  let buffered = ''
  const watchers = new Set<() => void>()
  const onLine = (line: string) => {
    if (!line.startsWith('{')) return
    try {
      const parsed = JSON.parse(line) as LogLine & { probe?: ResourceProbe }
      if (parsed.probe) probes.push(parsed.probe)
      else logs.push(parsed)
    } catch {
      return
    }
    for (const watch of watchers) watch()
  }
  const onData = (chunk: Buffer) => {
    text += chunk.toString()
    buffered += chunk.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    lines.forEach(onLine)
    for (const watch of watchers) watch()
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let exitedAlready = false
  void exited.then(() => {
    exitedAlready = true
    for (const watch of watchers) watch()
  })

  const waitFor = <T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find()
        if (found !== undefined) finish(() => resolve(found))
        else if (exitedAlready) finish(() => reject(new Error(`server exited before ${what}:\n${text.slice(-4_000)}`)))
      }
      const finish = (settle: () => void) => {
        clearTimeout(timer)
        watchers.delete(check)
        settle()
      }
      const timer = setTimeout(
        () => finish(() => reject(new Error(`no ${what} after ${timeoutMs} ms:\n${text.slice(-4_000)}`))),
        timeoutMs,
      )
      watchers.add(check)
      check()
    })

  const serving = await waitFor(
    () => logs.find((line) => line.msg === 'emporium is serving'),
    options.readyTimeoutMs ?? 60_000,
    "'emporium is serving'",
  )
  const address = String(serving.address)
  const port = Number(new URL(address).port)
  return {
    child,
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    async demoTenant(timeoutMs = 5_000) {
      const match = await waitFor(
        () => /store: +\S+ \(([0-9a-f-]{36})\)[\s\S]*API key: (wmk_\S+)/.exec(text) ?? undefined,
        timeoutMs,
        'demo tenant',
      )
      return { storeId: match[1]!, apiKey: match[2]! }
    },
    logs,
    output: () => text,
    exited,
    waitForLog: (match, timeoutMs) => waitFor(() => logs.find(match), timeoutMs, 'matching log line'),
    probe(timeoutMs = 5_000) {
      const seen = probes.length
      child.kill('SIGUSR2')
      return waitFor(() => probes[seen], timeoutMs, 'resource probe')
    },
  }
}
