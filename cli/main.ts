#!/usr/bin/env node
import { DomainError } from '../domain/shared/errors.js'

const USAGE = `usage: emporium <command>

  serve [--no-projections]          run the API (GraphQL, health, MCP) and, unless told not to, the projections
  mcp                               the shop MCP server over stdio (EMPORIUM_API_KEY, EMPORIUM_STORE)
  project                           run projection workers only (scale-out)
  migrate                           create or upgrade the database schema
  tenant create --org NAME --store SLUG [--store-name NAME] [--scopes LIST]
  keys create --store SLUG --scopes LIST [--name NAME]
  projections status
  projections rebuild [--projection NAME] [--store SLUG]
  projections retry [--projection NAME] [--store SLUG|ID]   after a fix: replay parked stores, restart halted projections
  events export --store SLUG        every event of a store as NDJSON on stdout
  catalog import --store SLUG FILE [--dry-run]   import products from NDJSON (one per line); re-running changes nothing
  payments list|configure|remove --store SLUG [--provider STRIPE|TEST] [--overlap SECONDS]
                                    payment providers; secrets from PAYMENT_SECRET_KEY, PAYMENT_WEBHOOK_SIGNING_SECRET
  payments reseal                   after a SECRETS_KEY rotation: seal every payment secret under the new key

Configuration comes from the environment; see the README.`

const commands: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  serve: () => import('./commands/serve.js'),
  project: () => import('./commands/project.js'),
  migrate: () => import('./commands/migrate.js'),
  tenant: () => import('./commands/tenant.js'),
  keys: () => import('./commands/keys.js'),
  projections: () => import('./commands/projections.js'),
  events: () => import('./commands/events.js'),
  mcp: () => import('./commands/mcp.js'),
  catalog: () => import('./commands/catalog.js'),
  payments: () => import('./commands/payments.js'),
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv
  const load = name ? commands[name] : undefined
  if (!load) {
    process.stderr.write(`${USAGE}\n`)
    process.exit(name && name !== 'help' && name !== '--help' ? 2 : 0)
  }
  const command = await load()
  await command.run(rest)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message =
    error instanceof DomainError
      ? `${error.code}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error)
  process.stderr.write(`emporium: ${message}\n`)
  process.exit(1)
})
