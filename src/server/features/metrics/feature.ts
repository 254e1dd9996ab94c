import { defineFeature } from '../../feature.ts'
import { createRequestLatency } from './request-latency.ts'
import { metricsRoutes } from './routes.ts'

/** GET /metrics for a scraper holding METRICS_TOKEN (absent: the app's 404), and request latency. */
export const metricsFeature = defineFeature({
  name: 'metrics',
  parts: ({ db, config }) => {
    const latency = createRequestLatency()
    return {
      // First, so that every answer is timed, a 429 or a refused key too.
      first: latency.middleware,
      onNotFound: latency.markNotFound,
      public: { routes: metricsRoutes({ db, token: config.METRICS_TOKEN, latency, capacity: config }) },
    }
  },
})
