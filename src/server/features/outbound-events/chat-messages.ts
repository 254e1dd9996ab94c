import { maskEmail } from '../../../shared/outbound-events.ts'

// Slack and Discord messages for a group of events, in each service's own format. What a visitor
// typed (an address, a name, feedback) is escaped so that it can neither mention anyone nor
// become a link or markup; Discord also gets allowed_mentions {parse: []}, which turns every
// mention off whatever the text says.

export type ChatEvent = { type: string; data: Record<string, unknown>; eventTime: string }

/** How many events a grouped message lists before "+N more". */
export const LISTED = 10

const PLATFORM: Record<string, string> = { ios: 'iPhone', android: 'Android' }

function str(v: unknown): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v)
}

function cut(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

/** One line per event, in plain words; `who` is already masked or full as the destination chose. */
export function eventLine(e: ChatEvent, fullAddresses: boolean): string {
  const d = e.data
  const who = typeof d.email === 'string' ? (fullAddresses ? d.email : maskEmail(d.email)) : ''
  const platform = PLATFORM[str(d.platform)]
  const source = str(d.source)
  const extra = [platform, source ? `from ${source}` : ''].filter(Boolean).join(', ')
  switch (e.type) {
    case 'signup.created':
      return `New sign-up: ${who}${extra ? ` (${extra})` : ''}`
    case 'signups.imported':
      return `Imported ${str(d.count)} sign-ups from ${str(d.source)}`
    case 'signup.confirmed':
      return `Sign-up confirmed: ${who}`
    case 'person.unsubscribed':
      return `Left the list: ${who}`
    case 'person.erased':
      return `A person was erased (sign-up ${str(d.id)})`
    case 'invitation.sent':
      return `Invited: ${who}${platform ? ` (${platform})` : ''}`
    case 'invitation.opened':
      return `Opened their invitation: ${who}`
    case 'play.joined':
      return `Joined the Play test: ${who}`
    case 'play.left':
      return `Left the Play test: ${who}`
    case 'play.threshold_reached':
      return `The Play test has had ${str(d.required)} testers for ${str(d.days)} days: you can apply for production access from ${str(d.apply_on)}`
    case 'feedback.created':
      return `Feedback ${str(d.rating)}/5 from ${who}: ${cut(str(d.broken) || str(d.works) || '(no text)', 300)}`
    case 'contact.created':
      return `Contact message (${str(d.subject)}) from ${cut(str(d.name), 100)} ${who}: ${cut(str(d.message), 300)}`
    case 'email.bounced':
      return `Email ${str(d.reason) === 'complained' ? 'marked as spam' : 'bounced'}: ${who}`
    case 'email.queue_stalled':
      return `The email queue has not sent for 30 minutes: ${str(d.due)} emails waiting since ${str(d.oldest_due_at).slice(0, 16).replace('T', ' ')} UTC`
    case 'email.capacity_short':
      return `The email queue will not drain within today's quota: ${str(d.waiting)} emails waiting${d.remaining_today === null || d.remaining_today === undefined ? '' : `, ${str(d.remaining_today)} more can go out today`}. Raise the email plan, turn double opt-in off for the day, hold the digest and group messages.`
    case 'webhook.test':
      return 'A test message from the console.'
    default:
      return e.type
  }
}

function title(events: ChatEvent[]): string {
  if (events.length === 1) return eventLine(events[0]!, false).split(':')[0]!
  const signups = events.filter((e) => e.type === 'signup.created').length
  if (signups === events.length) return `${signups} new sign-ups`
  const imports = events.filter((e) => e.type === 'signups.imported')
  if (imports.length === events.length)
    return `${imports.reduce((n, e) => n + Number(e.data.count), 0)} sign-ups imported`
  return `${events.length} events`
}

function listed(events: ChatEvent[], fullAddresses: boolean, escape: (s: string) => string): string[] {
  const lines = events.slice(0, LISTED).map((e) => `• ${escape(eventLine(e, fullAddresses))}`)
  if (events.length > LISTED) lines.push(`+${events.length - LISTED} more`)
  return lines
}

/** Slack's mrkdwn escaping: &, < and > are the only characters it asks to escape; without < no mention or link can form. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Slack's incoming webhook: blocks, with `text` as the notification's fallback. A section's text stays under 3,000 characters. */
export function slackMessage(events: ChatEvent[], fullAddresses: boolean) {
  const heading = escapeSlack(title(events))
  const body = cut(listed(events, fullAddresses, escapeSlack).join('\n'), 2900)
  return {
    text: cut(events.length === 1 ? escapeSlack(eventLine(events[0]!, fullAddresses)) : `${heading}\n${body}`, 2900),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${heading}*` } },
      { type: 'section', text: { type: 'mrkdwn', text: body } },
    ],
  }
}

/** Discord markdown's special characters, backslash-escaped; @ gets a zero-width space so no mention even looks like one. */
export function escapeDiscord(text: string): string {
  return text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1').replace(/@/g, '@\u200b')
}

/** Discord's execute-webhook body: one embed (title 256, description 4,096 characters), no mention parsed. */
export function discordMessage(events: ChatEvent[], fullAddresses: boolean) {
  return {
    embeds: [
      {
        title: cut(title(events), 256),
        description: cut(listed(events, fullAddresses, escapeDiscord).join('\n'), 4000),
        timestamp: events.at(-1)!.eventTime,
      },
    ],
    allowed_mentions: { parse: [] as string[] },
  }
}
