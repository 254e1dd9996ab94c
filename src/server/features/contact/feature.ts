import { paths } from '../../../shared/paths.ts'
import { defineFeature } from '../../feature.ts'
import { contactConsoleRoutes } from './console-routes.ts'
import { CONTACT_MESSAGES } from './table.ts'
import { CONTACT_PERSON_DATA } from './person-data.ts'

/** The contact form's messages: the insert at /rest/v1/contact_messages and the console's inbox. */
export const contactFeature = defineFeature({
  name: 'contact',
  personData: CONTACT_PERSON_DATA,
  provides: () => ({ contactTable: { table: CONTACT_MESSAGES } }),
  parts: ({ config, ports, owner }) => ({
    tables: [ports.contactTable],
    public: {
      limits: [
        {
          group: 'contact_messages',
          paths: [paths.rest.table(CONTACT_MESSAGES.name)],
          limits: { perMinute: config.RATE_LIMIT_CONTACT_PER_MINUTE, perHour: config.RATE_LIMIT_CONTACT_PER_HOUR },
        },
      ],
    },
    console: [contactConsoleRoutes(owner)],
  }),
})
