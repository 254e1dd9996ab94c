import { Hono } from 'hono'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'
import { checkEmailPlan, type LaunchReadiness } from '../../../shared/launch-readiness.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/db.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import { audit } from '../../owner/audit.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
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

const EXPECTED = 'launch_expected_signups'

const LOOPBACK = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i

async function readExpected(db: Db): Promise<number | null> {
  const r = await db.query<{ value: string }>('select value from app_private.console_settings where name = $1', [
    EXPECTED,
  ])
  return r.rows[0] ? Number(r.rows[0].value) : null
}

async function writeExpected(db: Db, expected: number | null): Promise<void> {
  if (expected === null) await db.query('delete from app_private.console_settings where name = $1', [EXPECTED])
  else
    await db.query(
      `insert into app_private.console_settings (name, value) values ($1, $2)
       on conflict (name) do update set value = excluded.value, updated_at = now()`,
      [EXPECTED, String(expected)],
    )
}

/** The most sign-ups stored in one UTC day of the last seven (today included). */
async function busiestDay(db: Db): Promise<number> {
  const r = await db.query<{ n: number | string | null }>(
    `select max(n) as n from (
       select count(*) as n from public.beta_signups
       where created_at >= ((now() at time zone 'UTC')::date - 6)::timestamp at time zone 'UTC'
       group by (created_at at time zone 'UTC')::date
     ) days`,
  )
  return Number(r.rows[0]?.n ?? 0)
}

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
