import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromiumPath } from '../support/browser.js'
import { untilOutput } from './child-output.js'

export interface HeadlessChromium {
  /** The DevTools port Lighthouse connects to. */
  port: number
  close(): Promise<void>
}

const LAUNCH_TIMEOUT_MS = 30_000

/**
 * Debian's chromium (`$CHROMIUM_PATH` overrides), headless, with a DevTools port of its own
 * choosing and a throw-away profile. `*.localhost` resolves to 127.0.0.1 and every other name
 * fails to resolve, so a page that needs the internet (a web font, a CDN) shows it as a failed
 * request instead of quietly fetching it.
 */
export async function launchChromium(): Promise<HeadlessChromium> {
  const profile = await mkdtemp(path.join(tmpdir(), 'emporium-lighthouse-chromium-'))
  const child = spawn(
    chromiumPath(),
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1, MAP * ~NOTFOUND',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await rm(profile, { recursive: true, force: true })
  }
  try {
    return { port: await devToolsPort(child), close }
  } catch (error) {
    await close()
    throw error
  }
}

/** Chromium announces `DevTools listening on ws://127.0.0.1:<port>/…` on stderr once it is up. */
async function devToolsPort(child: ChildProcess): Promise<number> {
  const { match } = await untilOutput(child, {
    name: 'chromium',
    program: `chromium at ${chromiumPath()}`,
    stream: 'stderr',
    pattern: /DevTools listening on ws:\/\/[^:]+:(\d+)\//,
    timeoutMs: LAUNCH_TIMEOUT_MS,
    silent: 'chromium opened no DevTools port',
    unreached: 'it listened',
  })
  return Number(match[1])
}
