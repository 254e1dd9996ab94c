import { defineFeature } from '../../feature.ts'
import { adminDataAccessRoutes } from './routes.ts'

/** A person's data: download (an access request) and erasure, from one list of sources (sources.ts). */
export const dataAccessFeature = defineFeature({
  name: 'data-access',
  parts: ({ owner }) => ({ console: [adminDataAccessRoutes(owner)] }),
})
