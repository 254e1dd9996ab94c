import { paths } from '../../../shared/paths.ts'
import { storeRow } from '../../http/postgrest/routes.ts'
import { defineFeature } from '../../feature.ts'
import { formRefusals, pageFormRoutes } from './routes.ts'

/**
 * The page's two forms posted without JavaScript: the same insert rule as the page's calls (the
 * signups and contact tables' registrations), and for a sign-up the same email step.
 */
export const pageFormsFeature = defineFeature({
  name: 'page-forms',
  parts: ({ db, logger, config, ports }) => {
    const signup = { perMinute: config.RATE_LIMIT_SIGNUP_PER_MINUTE, perHour: config.RATE_LIMIT_SIGNUP_PER_HOUR }
    const email = { perMinute: config.RATE_LIMIT_EMAIL_PER_MINUTE, perHour: config.RATE_LIMIT_EMAIL_PER_HOUR }
    const contact = { perMinute: config.RATE_LIMIT_CONTACT_PER_MINUTE, perHour: config.RATE_LIMIT_CONTACT_PER_HOUR }
    const forms = pageFormRoutes({
      logger,
      store: (c, table, row) => storeRow(c, db, table === 'beta_signups' ? ports.signupTable : ports.contactTable, row),
      emailStep: ports.signupEmailStep,
    })
    return {
      public: {
        routes: forms.routes,
        // The forms spend the same budgets as the calls they stand for: a sign-up both the
        // insert's and the email's, a contact message the insert's; a refusal is the form's page.
        limits: [
          {
            group: 'beta_signups',
            method: 'POST',
            paths: [paths.join.pattern],
            limits: signup,
            before: formRefusals('join'),
          },
          { group: 'resend-email', method: 'POST', paths: [paths.join.pattern], limits: email },
          {
            group: 'contact_messages',
            method: 'POST',
            paths: [paths.contact.pattern],
            limits: contact,
            before: formRefusals('contact'),
          },
        ],
      },
      // Each form route reads its body under a limit of its own (forms.ts): its largest valid form.
      uploadPaths: new Set([paths.join.pattern, paths.contact.pattern]),
    }
  },
})
