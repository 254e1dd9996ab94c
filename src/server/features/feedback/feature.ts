import { defineFeature } from '../../feature.ts'
import { feedbackConsoleRoutes, feedbackPageRoutes } from './routes.ts'
import { FEEDBACK_PERSON_DATA } from './person-data.ts'

/** Testers' feedback: the form at /beta/feedback and the console's list, build label and export. */
export const feedbackFeature = defineFeature({
  name: 'feedback',
  personData: FEEDBACK_PERSON_DATA,
  parts: ({ db, logger, config, owner }) => ({
    public: feedbackPageRoutes({ db, logger, config }),
    console: [feedbackConsoleRoutes(owner)],
  }),
})
