import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { themeCheckRun, type Offense } from '@shopify/theme-check-node'

// `npm run theme-check [dir]`: Shopify's theme linter over a theme folder (themes/default by
// default). Any offense, of any severity, fails the run: the default theme is the example
// merchants copy, so it carries none.

const SEVERITY = ['error', 'warning', 'info'] as const

const root = path.resolve(process.argv[2] ?? 'themes/default')
const started = Date.now()
const { offenses } = await themeCheckRun(root, undefined, () => {})
const rootUri = pathToFileURL(root).href

function where(offense: Offense): string {
  const file = offense.uri.startsWith(rootUri) ? offense.uri.slice(rootUri.length + 1) : offense.uri
  return `${file}:${offense.start.line + 1}:${offense.start.character + 1}`
}

for (const offense of offenses)
  console.log(`${where(offense)} ${SEVERITY[offense.severity] ?? 'offense'} ${offense.check}: ${offense.message}`)
const took = `${((Date.now() - started) / 1000).toFixed(1)} s`
console.log(`theme-check ${path.relative(process.cwd(), root) || '.'}: ${offenses.length} offense(s) in ${took}`)
process.exitCode = offenses.length === 0 ? 0 : 1
