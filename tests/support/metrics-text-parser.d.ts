// Types of parse-prometheus-text-format (it ships none): prom2json's output.
declare module "parse-prometheus-text-format" {
  export type Sample = { value: string; labels?: Record<string, string> };
  export type HistogramSample = { buckets: Record<string, string>; count: string; sum: string; labels?: Record<string, string> };
  export type MetricFamily =
    | { name: string; help: string; type: "COUNTER" | "GAUGE" | "UNTYPED"; metrics: Sample[] }
    | { name: string; help: string; type: "HISTOGRAM" | "SUMMARY"; metrics: HistogramSample[] };
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
