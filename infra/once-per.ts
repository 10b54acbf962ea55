/**
 * One value per object (a platform, a metrics registry), built by `build` on first use and kept
 * as long as the object lives; `set` replaces it, as a test does with a fake. Tests open many
 * platforms in one process, so a module-level singleton would be shared between them.
 *
 * @example
 * const counters = oncePer((metrics: PlatformMetrics) => new Counter({ …, registers: [metrics.registry] }))
 * counters.get(platform.metrics).inc()
 */
export function oncePer<Owner extends object, Value>(build: (owner: Owner) => Value) {
  const values = new WeakMap<Owner, Value>()
  return {
    get(owner: Owner): Value {
      if (!values.has(owner)) values.set(owner, build(owner))
      return values.get(owner)!
    },
    set(owner: Owner, value: Value): void {
      values.set(owner, value)
    },
  }
}
