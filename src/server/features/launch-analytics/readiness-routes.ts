import { Hono } from 'hono'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import { checkEmailPlan, type LaunchReadiness } from '../../../shared/launch-readiness.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { audit } from '../../owner/audit.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { busiestDay, readExpected, writeExpected } from './readiness-queries.ts'
import { checkSendingDomain, type TxtLookup } from './sending-domain.ts'

// The Launch view's readiness card (issue 52, item 3): the README's launch checklist read from
// this server's settings, and the email plan against the list the founder expects (entered in the
// console) or, without one, the busiest day of the last week. docs/decisions/email-capacity.md

export type ReadinessSettings = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'EMAIL_TRANSPORT'
  | 'EMAIL_FROM'
  | 'RESEND_WEBHOOK_SECRET'
  | 'SIGNUP_CONFIRMATION'
  | 'SIGNUP_CHALLENGE'
  | 'EMAIL_RATE_PER_SECOND'
  | 'EMAIL_DAILY_LIMIT'
>

const LOOPBACK = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i

async function readLaunchReadiness(db: Db, settings: ReadinessSettings, dns: TxtLookup): Promise<LaunchReadiness> {
  const [expectedSignups, busiestDaySignups, sendingDomain] = await Promise.all([
    readExpected(db),
    busiestDay(db),
    checkSendingDomain(settings.EMAIL_FROM, settings.EMAIL_TRANSPORT, dns),
  ])
  const emailsPerSignup = settings.SIGNUP_CONFIRMATION ? 2 : 1
  const limits = {
    ratePerSecond: settings.EMAIL_RATE_PER_SECOND ?? null,
    dailyLimit: settings.EMAIL_DAILY_LIMIT ?? null,
  }
  const list = expectedSignups ?? busiestDaySignups
  return {
    publicUrl: settings.PUBLIC_URL,
    publicUrlIsLocal: LOOPBACK.test(settings.PUBLIC_URL),
    transport: settings.EMAIL_TRANSPORT,
    bounceWebhook: settings.RESEND_WEBHOOK_SECRET !== undefined,
    doubleOptIn: settings.SIGNUP_CONFIRMATION,
    challenge: settings.SIGNUP_CHALLENGE,
    sendingDomain,
    plan: {
      ...limits,
      emailsPerSignup,
      expectedSignups,
      busiestDaySignups,
      list,
      ...checkEmailPlan({ list, emailsPerSignup, ...limits }),
    },
  }
}

/** GET /admin/api/launch-readiness, and the expected number's POST (audited). */
export function readinessConsoleRoutes(deps: { db: Db; settings: ReadinessSettings; dns: TxtLookup }): Hono<OwnerEnv> {
  const { db, settings, dns } = deps
  const app = new Hono<OwnerEnv>()
  app.get(routePath(endpoints.launchReadiness), async (c) =>
    endpointAnswer(c, 'launchReadiness', await readLaunchReadiness(db, settings, dns)),
  )
  app.post(routePath(endpoints.setExpectedSignups), async (c) => {
    const { expected } = await endpointInput(c, 'setExpectedSignups')
    await writeExpected(db, expected)
    await audit(db, c.get('session').email, 'launch.expected', { expected })
    return endpointAnswer(c, 'setExpectedSignups', await readLaunchReadiness(db, settings, dns))
  })
  return app
}
