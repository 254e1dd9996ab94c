import { defineFeature } from '../../feature.ts'
import { adminRoutes } from './routes.ts'

/** The console at /admin: its page, and every feature's console API behind owner-auth's gate. */
export const consoleFeature = defineFeature({
  name: 'console',
  parts: ({ config }) => ({
    consoleShell: (api, gate) => adminRoutes(config.STATIC_DIR, { ...gate, api }),
  }),
})
