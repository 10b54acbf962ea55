import { hash, verify, type Options } from '@node-rs/argon2'

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane): about 30 ms a hash here.
 * `Algorithm` is a const enum that isolated modules cannot read, hence the number: 2 = Argon2id.
 */
const ARGON2ID: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/** A PHC string (`$argon2id$v=19$m=…`) that carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID)
}

/** Made once: verifying against it when the email is unknown costs what a real check costs, so timing does not tell which emails have accounts. */
let decoy: Promise<string> | undefined

/**
 * Whether `password` matches `stored`; with no stored hash it still does the work and answers false.
 *
 * @example if (!(await verifyPassword(row?.password_hash, input.password))) throw wrongCredentials()
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('decoy password for unknown accounts')
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
