import { defineFeature } from '../../feature.ts'
import { playTestingSummary } from './queries.ts'
import { adminPlayTestingRoutes, androidTesting, playAnswerRoutes } from './routes.ts'
import { createPlayThresholdWatch } from './threshold-watch.ts'
import { PLAY_PERSON_DATA } from './person-data.ts'

/**
 * Google Play's closed test: testers' answers under /beta/play, the Android phone choice's
 * account, the console's card and nudge, and the watch that sees the threshold reached.
 */
export const playTestingFeature = defineFeature({
  name: 'play-testing',
  personData: PLAY_PERSON_DATA,
  provides: ({ db, config }) => ({
    androidTesting: androidTesting({ db, config }),
    playProgress: async () => {
      const rule = { required: config.PLAY_REQUIRED_TESTERS, days: config.PLAY_REQUIRED_DAYS }
      const p = (await playTestingSummary(db, rule, new Date())).progress
      return {
        required: p.required,
        days: p.days,
        counting: p.counting,
        required_since: p.requiredSince,
        apply_on: p.applyOn,
        reached: p.reached,
      }
    },
  }),
  // play.threshold_reached, which the passing of time makes true (no trigger can see it).
  services: ({ db, logger, config, made }) => {
    const watch = createPlayThresholdWatch({ db, logger, config, wakeOutbound: made.wakeOutbound ?? (() => {}) })
    return { made: { playThreshold: watch }, start: () => watch.start(), stop: () => watch.stop() }
  },
  parts: ({ db, logger, wakeEmailQueue, ports, owner, made }) => ({
    public: playAnswerRoutes({
      db,
      logger,
      wakeEmailQueue,
      notValidPage: ports.notValidPage,
      ...(made.playThreshold ? { onAnswer: made.playThreshold.poke } : {}),
    }),
    console: [adminPlayTestingRoutes(owner)],
  }),
})
