import type { ChildProcess } from 'node:child_process'

export interface OutputWait {
  /** The child's name in the errors: `chromium`, `the server`. */
  name: string
  /** How a failure to start it names it (its path, say); `name` when omitted. */
  program?: string
  stream: 'stdout' | 'stderr'
  pattern: RegExp
  timeoutMs: number
  /** The timeout's error, before `within <n> s`: what it did not say in time. */
  silent: string
  /** The exit's error, after `exited (<code>) before`: what it did not get to. */
  unreached: string
  /** Sees every chunk, after the match too: the stream is read to its end, so a chatty child never blocks on a full pipe. */
  onChunk?: (chunk: Buffer) => void
}

/**
 * The first match of `pattern` in what a child writes to one stream, with all it wrote up to
 * then; an error carrying that output when it exits first, fails to start or stays silent for
 * `timeoutMs`.
 */
export function untilOutput(
  child: ChildProcess,
  wait: OutputWait,
): Promise<{ match: RegExpExecArray; output: string }> {
  return new Promise((resolve, reject) => {
    let output = ''
    let matched = false
    const timer = setTimeout(
      () => reject(new Error(`${wait.silent} within ${wait.timeoutMs / 1000} s:\n${output}`)),
      wait.timeoutMs,
    )
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new Error(`cannot start ${wait.program ?? wait.name}: ${error.message}`))
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${wait.name} exited (${signal ?? code}) before ${wait.unreached}:\n${output}`))
    })
    child[wait.stream]?.on('data', (chunk: Buffer) => {
      wait.onChunk?.(chunk)
      if (matched) return
      output += chunk.toString()
      const match = wait.pattern.exec(output)
      if (!match) return
      matched = true
      clearTimeout(timer)
      resolve({ match, output })
    })
  })
}
