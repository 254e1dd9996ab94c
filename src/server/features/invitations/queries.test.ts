import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { DB_KINDS, testDb, truncateAll } from '../../test-app.ts'
import type { Db } from '../../db/db.ts'
import { claimDueEmails } from '../../../mail-core/queue-rows.ts'
import {
  choosePlatform,
  invitationCounts,
  inviteSignups,
  previewInvitations,
  recordInvitationOpened,
  type Stores,
} from './queries.ts'

const BOTH: Stores = { ios: true, android: true }

describe.each(DB_KINDS)('beta invitations on %s', (kind) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await testDb(kind))
  })
  afterAll(() => close())
  beforeEach(() => truncateAll(db))

  /** Sign-ups a minute apart, oldest first, with the given platforms. */
  async function signUps(platforms: ('unknown' | 'ios' | 'android')[]): Promise<string[]> {
    const ids: string[] = []
    for (const [i, platform] of platforms.entries()) {
      const r = await db.query<{ id: string }>(
        `insert into public.beta_signups (email, platform, created_at, confirmed_at)
         values ($1, $2, timestamptz '2026-11-01 10:00:00+00' + make_interval(mins => $3), now()) returning id::text as id`,
        [`p${i}@example.com`, platform, i],
      )
      ids.push(r.rows[0]!.id)
    }
    return ids
  }
  const invitationsQueued = async () =>
    (
      await db.query<{ to_email: string; dedupe_key: string; ms: string | number }>(
        `select to_email, dedupe_key, extract(epoch from next_attempt_at - min(next_attempt_at) over ()) * 1000 as ms
         from app_private.email_queue where kind = 'invitation' order by next_attempt_at, to_email`,
      )
    ).rows
  const statuses = async () =>
    (await db.query<{ email: string; status: string }>('select email, status from public.beta_signups order by id'))
      .rows

  test('new sign-ups wait with an unknown platform and two distinct random tokens', async () => {
    await db.asAnon("insert into public.beta_signups (email) values ('a@example.com')")
    await db.asAnon("insert into public.beta_signups (email) values ('b@example.com')")
    const r = await db.query<{ platform: string; status: string; p: string; i: string; u: string }>(
      `select platform, status, platform_token::text as p, invite_token::text as i, unsubscribe_token::text as u
       from public.beta_signups`,
    )
    for (const row of r.rows) {
      expect(row).toMatchObject({ platform: 'unknown', status: 'waiting' })
      expect(new Set([row.p, row.i, row.u]).size).toBe(3)
    }
    expect(r.rows[0]!.i).not.toBe(r.rows[1]!.i)
  })

  test('anon can neither set nor read the new columns', async () => {
    await expect(
      db.asAnon("insert into public.beta_signups (email, status) values ('a@example.com', 'invited')"),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(db.asAnon('select invite_token from public.beta_signups')).rejects.toMatchObject({ code: '42501' })
    await expect(db.asAnon("update public.beta_signups set platform = 'ios'")).rejects.toMatchObject({ code: '42501' })
  })

  test('statuses only move forward, even for a privileged connection', async () => {
    const [id] = await signUps(['ios'])
    await inviteSignups(db, { ids: [id!], stores: BOTH, intervalMs: 0 })
    const refused = [
      `update public.beta_signups set status = 'waiting', invited_at = null, invitation_links = null`,
      `update public.beta_signups set invited_at = now() - interval '1 day'`,
      `update public.beta_signups set invitation_links = 'both'`,
      `update public.beta_signups set platform = 'unknown'`,
      `update public.beta_signups set invite_token = gen_random_uuid()`,
      `update public.beta_signups set status = 'sent'`,
      `insert into public.beta_signups (email, status) values ('x@example.com', 'invited')`,
    ]
    for (const sql of refused) await expect(db.query(sql), sql).rejects.toMatchObject({ code: '23514' })
    await db.query('update public.beta_signups set opened_at = now()')
    await expect(
      db.query("update public.beta_signups set opened_at = now() + interval '1 hour'"),
    ).rejects.toMatchObject({
      code: '23514',
    })
    expect(await statuses()).toEqual([{ email: 'p0@example.com', status: 'invited' }])
  })

  test('the preview lists the oldest waiting first, filtered by platform and by the stores configured', async () => {
    await signUps(['ios', 'android', 'unknown', 'ios', 'android'])
    const emails = async (limit: number, platform: 'all' | 'ios' | 'android' | 'unknown', stores: Stores) =>
      (await previewInvitations(db, { limit, platform, stores })).rows.map((r) => `${r.email}:${r.links}`)
    expect(await emails(3, 'all', BOTH)).toEqual([
      'p0@example.com:ios',
      'p1@example.com:android',
      'p2@example.com:both',
    ])
    expect(await emails(10, 'ios', BOTH)).toEqual(['p0@example.com:ios', 'p3@example.com:ios'])
    expect(await emails(10, 'unknown', BOTH)).toEqual(['p2@example.com:both'])
    // Only the Android link set: iPhone users wait, the undecided get the Android link.
    expect(await emails(10, 'all', { ios: false, android: true })).toEqual([
      'p1@example.com:android',
      'p2@example.com:android',
      'p4@example.com:android',
    ])
    expect(await emails(10, 'all', { ios: false, android: false })).toEqual([])
  })

  test('an unconfirmed address (double opt-in, button not pressed) is neither previewed nor invited', async () => {
    const [id] = await signUps(['ios'])
    await db.query('update public.beta_signups set confirmed_at = null')
    expect((await previewInvitations(db, { limit: 10, platform: 'all', stores: BOTH })).rows).toEqual([])
    expect((await inviteSignups(db, { ids: [id!], stores: BOTH, intervalMs: 0 })).invited).toEqual([])
  })

  test('invite N with N larger than those waiting invites everyone waiting, once each, paced', async () => {
    await signUps(['ios', 'android', 'unknown'])
    const preview = (await previewInvitations(db, { limit: 50, platform: 'all', stores: BOTH })).rows
    expect(preview).toHaveLength(3)
    const { invited } = await inviteSignups(db, { ids: preview.map((p) => p.id), stores: BOTH, intervalMs: 500 })
    expect(invited.map((i) => i.email)).toEqual(['p0@example.com', 'p1@example.com', 'p2@example.com'])
    const queued = await invitationsQueued()
    expect(queued.map((q) => [q.to_email, Number(q.ms)])).toEqual([
      ['p0@example.com', 0],
      ['p1@example.com', 500],
      ['p2@example.com', 1000],
    ])
    const links = await db.query(
      'select invitation_links, invited_at is not null as at from public.beta_signups order by id',
    )
    expect(links.rows).toEqual([
      { invitation_links: 'ios', at: true },
      { invitation_links: 'android', at: true },
      { invitation_links: 'both', at: true },
    ])
    // A second click invites nobody and queues nothing more.
    expect((await inviteSignups(db, { ids: preview.map((p) => p.id), stores: BOTH, intervalMs: 500 })).invited).toEqual(
      [],
    )
    expect(await invitationsQueued()).toHaveLength(3)
    expect((await previewInvitations(db, { limit: 50, platform: 'all', stores: BOTH })).rows).toEqual([])
  })

  test('a second batch is paced after the first one', async () => {
    const ids = await signUps(['ios', 'ios', 'ios', 'ios'])
    await inviteSignups(db, { ids: ids.slice(0, 2), stores: BOTH, intervalMs: 1000 })
    await inviteSignups(db, { ids: ids.slice(2), stores: BOTH, intervalMs: 1000 })
    expect((await invitationsQueued()).map((q) => Math.round(Number(q.ms) / 100) * 100)).toEqual([0, 1000, 2000, 3000])
  })

  test('a schedule that fell behind (the server was down) slides on the next claim; one on time stays', async () => {
    const ids = await signUps(['ios', 'ios', 'ios', 'ios'])
    await inviteSignups(db, { ids, stores: BOTH, intervalMs: 1000 })
    const schedule = async () =>
      (
        await db.query<{ ms: string | number }>(
          `select extract(epoch from next_attempt_at - now()) * 1000 as ms from app_private.email_queue
           where status = 'pending' order by next_attempt_at`,
        )
      ).rows.map((r) => Number(r.ms))
    // Milliseconds from now, give or take the time between statements.
    const near = async (expected: number[]) => {
      const got = await schedule()
      expect(got).toHaveLength(expected.length)
      got.forEach((ms, i) => expect(Math.abs(ms - expected[i]!), `${got}`).toBeLessThan(300))
    }
    await near([0, 1000, 2000, 3000])
    await claimDueEmails(db, 1, 60_000)
    await near([1000, 2000, 3000]) // on time: nothing moved
    await db.query(`update app_private.email_queue set next_attempt_at = next_attempt_at - interval '1 hour'`)
    await db.query(`update app_private.email_queue set status = 'sent' where status = 'sending'`)
    await claimDueEmails(db, 1, 60_000)
    await near([1000, 2000]) // overdue: slid to one pace from now, spacing kept
  })

  test('two concurrent confirmations of one preview invite each person exactly once', async () => {
    await signUps(Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 'ios' : i % 3 === 1 ? 'android' : 'unknown')))
    const preview = (await previewInvitations(db, { limit: 30, platform: 'all', stores: BOTH })).rows
    const ids = preview.map((p) => p.id)
    const results = await Promise.all([
      inviteSignups(db, { ids, stores: BOTH, intervalMs: 10 }),
      inviteSignups(db, { ids, stores: BOTH, intervalMs: 10 }),
      inviteSignups(db, { ids: [...ids].reverse(), stores: BOTH, intervalMs: 10 }),
    ])
    const all = results.flatMap((r) => r.invited.map((i) => i.id))
    expect(all.sort()).toEqual([...ids].sort())
    const queued = await invitationsQueued()
    expect(queued.map((q) => q.to_email).sort()).toEqual(preview.map((p) => p.email).sort())
  })

  test('nobody outside the preview is invited, even if the list changed before the confirmation', async () => {
    const ids = await signUps(['ios', 'ios', 'ios', 'ios'])
    const preview = (await previewInvitations(db, { limit: 2, platform: 'all', stores: BOTH })).rows
    expect(preview.map((p) => p.id)).toEqual(ids.slice(0, 2))
    // Meanwhile: an older sign-up appears (imported), one previewed person chooses Android while
    // only the iPhone link is set, and a forged id is added.
    await db.query(
      "insert into public.beta_signups (email, platform, created_at, confirmed_at) values ('old@example.com', 'ios', '2020-01-01', now())",
    )
    await db.query(`update public.beta_signups set platform = 'android' where id = $1`, [ids[1]])
    const { invited } = await inviteSignups(db, {
      ids: [...preview.map((p) => p.id), '999999', 'x; drop table'],
      stores: { ios: true, android: false },
      intervalMs: 0,
    })
    expect(invited.map((i) => i.email)).toEqual(['p0@example.com'])
    expect((await invitationsQueued()).map((q) => q.to_email)).toEqual(['p0@example.com'])
  })

  test('the platform choice is recorded once; a used or unknown token changes nothing', async () => {
    await signUps(['unknown', 'unknown'])
    const tokens = (
      await db.query<{ t: string }>('select platform_token::text as t from public.beta_signups order by id')
    ).rows
    expect(await choosePlatform(db, tokens[0]!.t, 'android')).toEqual({ locale: null })
    expect(await choosePlatform(db, tokens[0]!.t, 'ios')).toBeNull()
    expect(await choosePlatform(db, '00000000-0000-4000-8000-000000000000', 'ios')).toBeNull()
    const r = await db.query('select platform from public.beta_signups order by id')
    expect(r.rows).toEqual([{ platform: 'android' }, { platform: 'unknown' }])
  })

  test('an opening is recorded only for an invited person and a platform the invitation carried', async () => {
    const ids = await signUps(['ios', 'unknown', 'ios'])
    await inviteSignups(db, { ids: ids.slice(0, 2), stores: BOTH, intervalMs: 0 })
    const tokens = (
      await db.query<{ t: string }>('select invite_token::text as t from public.beta_signups order by id')
    ).rows.map((r) => r.t)
    expect(await recordInvitationOpened(db, tokens[0]!, 'android')).toBe(false)
    expect(await recordInvitationOpened(db, tokens[2]!, 'ios')).toBe(false) // not invited
    expect(await recordInvitationOpened(db, tokens[0]!, 'ios')).toBe(true)
    expect(await recordInvitationOpened(db, tokens[0]!, 'ios')).toBe(true) // again: still the first time
    expect(await recordInvitationOpened(db, tokens[1]!, 'android')).toBe(true)
    const opened = await db.query<{ opened: boolean }>(
      'select opened_at is not null as opened from public.beta_signups order by id',
    )
    expect(opened.rows.map((r) => r.opened)).toEqual([true, true, false])
    expect(await invitationCounts(db)).toEqual({
      byStatus: { waiting: 1, invited: 2, opened: 2 },
      byPlatform: { unknown: 1, ios: 2, android: 0 },
    })
  })
})
