// The part of autocannon's API the load test uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number }
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string }
  export type Result = {
    requests: Histogram & { total: number; sent: number }
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
  }
  type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    overallRate?: number
    method?: string
    headers?: Record<string, string>
    requests?: (Request & { setupRequest?: (req: Request & { headers?: Record<string, string> }) => Request })[]
  }
  export default function autocannon(opts: Options): Promise<Result>
}
