import pg from 'pg'

export type Listener = (payload: string) => void

/** Reconnect delays after the LISTEN connection is lost: quick at first, then every few seconds. */
const FIRST_RETRY_MS = 100
const MAX_RETRY_MS = 5_000
const CONNECT_TIMEOUT_MS = 5_000

/**
 * The one connection on which a process LISTENs to every channel. When it is lost (a restart,
 * a failover, `pg_terminate_backend`) it reconnects with a doubling delay and LISTENs again on
 * every channel. Notifications sent meanwhile are gone for good, so once it is back every
 * listener is woken with an empty payload to look for itself; until then subscribers poll.
 */
export class ListenConnection {
  private readonly listeners = new Map<string, Set<Listener>>()
  private client: pg.Client | null = null
  private connecting: Promise<void> | null = null
  private retryTimer: NodeJS.Timeout | null = null
  private retryMs = FIRST_RETRY_MS
  /** Set once a connection was lost: the next one that opens wakes everyone. */
  private missedNotifications = false
  private closed = false

  constructor(private readonly url: string) {}

  /**
   * LISTENs on `channel`; returns the unlisten function. Never fails for want of a connection:
   * the listener is registered and hears the channel as soon as one is open.
   */
  async listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel)
    const isNew = !set
    if (!set) {
      set = new Set()
      this.listeners.set(channel, set)
    }
    set.add(listener)
    if (isNew && this.client) {
      // A failure here is a lost connection, and its reconnection LISTENs on every channel.
      await this.client.query(`LISTEN ${quoteIdent(channel)}`).catch(() => undefined)
    } else if (!this.client) {
      await this.connect()
    }
    const listening = set
    return async () => {
      listening.delete(listener)
    }
  }

  /** Whether the connection is open and listening now (it may be reconnecting). */
  get connected(): boolean {
    return this.client !== null
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    await this.connecting
    const client = this.client
    this.client = null
    await client?.end().catch(() => undefined)
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = null
    })
    return this.connecting
  }

  private async open(): Promise<void> {
    if (this.closed || this.client) return
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    // keepAlive and a connect timeout: a server that vanished without closing the socket is noticed, not waited on forever.
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    })
    client.on('notification', (message) => this.deliver(message.channel, message.payload ?? ''))
    // Unhandled, an 'error' event on a client would kill the process.
    client.on('error', () => this.lost(client))
    client.on('end', () => this.lost(client))
    try {
      await client.connect()
      // The map's live iterator also yields channels added while these LISTENs run.
      for (const channel of this.listeners.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`)
    } catch {
      await client.end().catch(() => undefined)
      this.scheduleRetry()
      return
    }
    if (this.closed) {
      await client.end().catch(() => undefined)
      return
    }
    this.client = client
    this.retryMs = FIRST_RETRY_MS
    if (this.missedNotifications) {
      this.missedNotifications = false
      for (const channel of this.listeners.keys()) this.deliver(channel, '')
    }
  }

  private lost(client: pg.Client): void {
    if (client !== this.client) return
    this.client = null
    this.missedNotifications = true
    client.end().catch(() => undefined)
    this.scheduleRetry()
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer) return
    this.missedNotifications = true
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      void this.connect()
    }, this.retryMs)
    // Retrying is no reason for a process to stay alive.
    this.retryTimer.unref()
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS)
  }

  private deliver(channel: string, payload: string): void {
    for (const listener of this.listeners.get(channel) ?? []) listener(payload)
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
