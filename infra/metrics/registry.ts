/** Label names and values of one sample. */
export type Labels = Readonly<Record<string, string>>

type MetricType = 'counter' | 'gauge'

/** One metric family: its samples by label set. */
export class Metric {
  private readonly samples = new Map<string, { labels: Labels; value: number }>()

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: MetricType,
    private readonly labelNames: readonly string[],
  ) {}

  /** Adds to a sample (counters only ever go up: a negative amount is a bug). */
  inc(labels: Labels = {}, amount = 1): void {
    if (amount < 0) throw new Error(`${this.name}: a counter cannot go down`)
    const sample = this.sample(labels)
    sample.value += amount
  }

  /** Sets a sample: gauges, and counters kept elsewhere (a projection's events applied). */
  set(labels: Labels, value: number): void {
    this.sample(labels).value = value
  }

  /** Drops every sample: collected families start each scrape afresh, so gone label sets disappear. */
  reset(): void {
    this.samples.clear()
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`]
    if (this.samples.size === 0 && this.labelNames.length === 0) lines.push(`${this.name} 0`)
    for (const { labels, value } of this.samples.values())
      lines.push(`${this.name}${formatLabels(this.labelNames, labels)} ${formatValue(value)}`)
    return lines.join('\n')
  }

  private sample(labels: Labels): { labels: Labels; value: number } {
    const unknown = Object.keys(labels).filter((name) => !this.labelNames.includes(name))
    if (unknown.length || Object.keys(labels).length !== this.labelNames.length) {
      throw new Error(
        `${this.name} takes the labels ${this.labelNames.join(', ') || '(none)'}; got ${Object.keys(labels).join(', ') || '(none)'}`,
      )
    }
    const key = this.labelNames.map((name) => labels[name]).join('\u0000')
    let sample = this.samples.get(key)
    if (!sample) this.samples.set(key, (sample = { labels, value: 0 }))
    return sample
  }
}

/**
 * A small Prometheus registry: counters and gauges with labels, collectors that refresh
 * families from elsewhere at scrape time, and the text exposition format (version 0.0.4).
 */
export class MetricsRegistry {
  private readonly metrics: Metric[] = []
  private readonly collectors: (() => Promise<void>)[] = []

  counter(name: string, help: string, labelNames: readonly string[] = []): Metric {
    return this.add(new Metric(name, help, 'counter', labelNames))
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Metric {
    return this.add(new Metric(name, help, 'gauge', labelNames))
  }

  /** Runs before every scrape, e.g. to read projection checkpoints. */
  collect(collector: () => Promise<void>): void {
    this.collectors.push(collector)
  }

  /** The text exposition of every family, after running the collectors. */
  async render(): Promise<string> {
    for (const collector of this.collectors) await collector()
    return this.metrics.map((metric) => metric.render()).join('\n') + '\n'
  }

  private add(metric: Metric): Metric {
    if (!/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(metric.name))
      throw new Error(`'${metric.name}' is not a Prometheus metric name`)
    if (this.metrics.some((m) => m.name === metric.name)) throw new Error(`metric ${metric.name} is registered twice`)
    this.metrics.push(metric)
    return metric
  }
}

/** The content type of the text exposition format. */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

function formatLabels(names: readonly string[], labels: Labels): string {
  if (names.length === 0) return ''
  return `{${names.map((name) => `${name}="${escapeLabel(labels[name]!)}"`).join(',')}}`
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === Infinity) return '+Inf'
  if (value === -Infinity) return '-Inf'
  return String(value)
}

const escapeLabel = (value: string): string => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
const escapeHelp = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')
