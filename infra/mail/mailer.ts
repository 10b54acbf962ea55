import type { Logger } from '../logging/logger.js'

/** One plain-text email. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  /** What the message is for (`password-reset`, `member-invitation`), for logs and tests. */
  kind: string
}

/**
 * Where account emails go. The default writes them to the log (an operator, or a developer on
 * localhost, copies the link from there); production plugs in an SMTP or API sender.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** Writes each message to the log at info level, token included: the log is the mailbox. */
export class LogMailer implements Mailer {
  constructor(private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.logger.info({ mail: message }, `mail to ${message.to}: ${message.subject}`)
  }
}

/** Keeps every message in memory, for tests that read the token out of it. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = []

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message)
  }

  /** The last message of a kind to an address. */
  last(kind: string, to: string): MailMessage | undefined {
    return this.sent.filter((m) => m.kind === kind && m.to === to).at(-1)
  }
}
