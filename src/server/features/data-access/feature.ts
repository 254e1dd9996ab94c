import { defineFeature } from '../../feature.ts'
import { adminDataAccessRoutes } from './routes.ts'

/**
 * A person's data: download (an access request) and erasure, from one list of sources: every
 * feature's `personData`, which features.ts orders and hands over as the `personData` port.
 */
export const dataAccessFeature = defineFeature({
  name: 'data-access',
  parts: ({ owner, ports }) => ({ console: [adminDataAccessRoutes(owner, ports.personData)] }),
})
