/**
 * Preloaded into a server process under soak (`node --expose-gc --import <this>`): on SIGUSR2
 * it forces a garbage collection and prints one JSON line `{"probe": {rss, heapUsed, handles,
 * byType}}` to stdout, so the test reads the figures from inside without a route of its own.
 */
process.on('SIGUSR2', () => {
  const collect = (globalThis as { gc?: () => void }).gc
  collect?.()
  const resources = process.getActiveResourcesInfo()
  const byType: Record<string, number> = {}
  for (const type of resources) byType[type] = (byType[type] ?? 0) + 1
  const { rss, heapUsed } = process.memoryUsage()
  process.stdout.write(`${JSON.stringify({ probe: { rss, heapUsed, handles: resources.length, byType } })}\n`)
})
