import type { Platform } from '../platform.js'
import { LogMailer, type Mailer } from '../../infra/mail/mailer.js'
import { oncePer } from '../../infra/once-per.js'
import { LoginLimiter } from './login-limiter.js'

/** What the account flows need beyond the platform: where mail goes, and the login attempt budget. */
export interface AccountServices {
  mailer: Mailer
  loginLimiter: LoginLimiter
}

const byPlatform = oncePer((platform: Platform): AccountServices => ({
  mailer: new LogMailer(platform.logger),
  loginLimiter: new LoginLimiter(),
}))

/** The platform's account services, made on first use: mail to the log, 5 login attempts a minute. */
export function accountServices(platform: Platform): AccountServices {
  return byPlatform.get(platform)
}

/** Plugs in another mailer (an SMTP sender in production, a capturing one in tests). */
export function useMailer(platform: Platform, mailer: Mailer): void {
  accountServices(platform).mailer = mailer
}
