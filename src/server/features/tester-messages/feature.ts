import { defineFeature } from '../../feature.ts'
import { resumeTesterMessages } from './queries.ts'
import { testerMessageRoutes } from './routes.ts'

/** Tester messages: the console's composer and sending; a crash's unfinished batches resume at start. */
export const testerMessagesFeature = defineFeature({
  name: 'tester-messages',
  services: ({ logger, wakeEmailQueue }) => ({
    // A message to a group whose batches a crash interrupted finishes queueing (each person once).
    start: async (opened) => {
      const resumed = await resumeTesterMessages(opened).catch((err: unknown) => {
        logger.error({ err }, 'interrupted messages could not be resumed')
        return 0
      })
      if (resumed === 0) return
      logger.info({ event: 'messages.resumed', count: resumed }, 'queued the rest of interrupted messages')
      wakeEmailQueue()
    },
  }),
  parts: ({ owner }) => ({ console: [testerMessageRoutes(owner)] }),
})
