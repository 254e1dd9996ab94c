// The part of parse-prometheus-text-format's API the metrics tests use (the package ships no types).
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string>
  export type Sample =
    | { value: string; labels?: Labels }
    | { buckets: Record<string, string>; count: string; sum: string; labels?: Labels }
  /** type is upper case: 'GAUGE', 'COUNTER', 'HISTOGRAM'... */
  export type Family = { name: string; help: string; type: string; metrics: Sample[] }
  /** Throws on a line that is not Prometheus' text format. */
  export default function parsePrometheusTextFormat(text: string): Family[]
}
