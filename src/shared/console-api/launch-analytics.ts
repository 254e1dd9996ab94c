import { z } from 'zod'

// The Launch view's schemas live with the analytics they describe (src/shared/launch-analytics.ts);
// named here so the endpoint table can refer to them like every other endpoint's.
export { ChannelRequest, LaunchQuery, LaunchReport } from '../launch-analytics.ts'
export const ChannelSaved = z.strictObject({ created: z.boolean() })
