import { request as httpRequest } from 'node:http'

export interface RawAnswer {
  /** The status the server answered, or null when the connection ended without an answer. */
  status: number | null
  body: string
  /** Body bytes the client handed to the socket before it closed. */
  written: number
  /** The socket error the client saw (EPIPE, ECONNRESET), if any: expected once the server stops reading. */
  error: string | null
}

/**
 * A request from a plain node:http client to a listening server, on a connection of its own,
 * its body sent in chunks (respecting backpressure) until `totalBytes` are written or the
 * connection closes. It keeps sending after the answer arrives, as a careless client does, so a
 * test sees both what the client received and how much the server let it send. Settles once the
 * connection is closed. `prefix` goes first (a multipart head), then filler bytes; without a
 * `content-length` header the body goes chunked.
 */
export function rawRequest(
  url: string,
  options: {
    method: string
    headers: Record<string, string>
    totalBytes: number
    chunkBytes?: number
    prefix?: Buffer
  },
): Promise<RawAnswer> {
  const chunk = Buffer.alloc(options.chunkBytes ?? 64 * 1024, 0x61)
  return new Promise((resolve) => {
    const answer: RawAnswer = { status: null, body: '', written: 0, error: null }
    let responseDone = false
    let closed = false
    const settle = () => {
      if (closed && (responseDone || answer.status === null)) resolve(answer)
    }
    const req = httpRequest(url, { method: options.method, headers: options.headers, agent: false })
    req.on('response', (response) => {
      answer.status = response.statusCode ?? null
      response.setEncoding('utf8')
      response.on('data', (text: string) => (answer.body += text))
      // 'close' comes after 'end', or alone when the connection dies mid-answer.
      response.on('close', () => ((responseDone = true), settle()))
    })
    req.on('error', (error: NodeJS.ErrnoException) => (answer.error = error.code ?? error.message))
    req.on('close', () => {
      closed = true
      // An answer already read off the socket may still be in the parser: let it surface first.
      setImmediate(settle)
    })
    if (options.prefix) {
      req.write(options.prefix)
      answer.written += options.prefix.length
    }
    const pump = () => {
      while (answer.written < options.totalBytes && !req.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, options.totalBytes - answer.written))
        answer.written += piece.length
        if (!req.write(piece)) return void req.once('drain', pump)
      }
      if (!req.destroyed) req.end()
    }
    pump()
  })
}
