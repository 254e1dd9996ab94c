import { afterAll, beforeAll, expect, test } from 'vitest'
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/support/webhook-receiver.ts'
import { postJson } from './sender.ts'
import { checkTarget, TargetRefused, type Resolver } from './targets.ts'

// IPv6 forms that carry an IPv4 address inside them reach that IPv4 address through a translator
// or a tunnel (a private one too), so they are refused as the address itself would be: when a URL
// is saved (checkTarget) and when a name resolves to one at send time (postJson).

/** Each form, with 10.0.0.1 (private) inside where the form has room for an address. */
const EMBEDDING_FORMS = {
  'SIIT (::ffff:0:0/96)': '::ffff:0:10.0.0.1',
  'IPv4-compatible (::/96)': '::10.0.0.1',
  'local-use NAT64 (64:ff9b:1::/48)': '64:ff9b:1::a00:1',
  'well-known NAT64 (64:ff9b::/96)': '64:ff9b::10.0.0.1',
  '6to4 (2002::/16)': '2002:a00:1::1',
  'Teredo (2001::/32)': '2001:0:a00:1::1',
  // The same forms around a public address: what is inside cannot be judged from here.
  'SIIT, public inside': '::ffff:0:93.184.216.34',
  'IPv4-compatible, public inside': '::93.184.216.34',
  '6to4, public inside': '2002:5db8:d822::1',
  'Teredo, public inside': '2001:0:5db8:d822::1',
}

const rules = { allowLoopback: false }
const noDns: Resolver = async (host) => {
  throw new Error(`no lookup expected for ${host}`)
}

test.each(Object.entries(EMBEDDING_FORMS))('a URL at %s is refused at save', async (_form, address) => {
  await expect(checkTarget(`https://[${address}]/hooks`, rules, noDns)).rejects.toThrow(TargetRefused)
})

test('public addresses still pass, an IPv4-mapped one judged as its IPv4 address', async () => {
  // The URL parser writes [::ffff:93.184.216.34] as [::ffff:5db8:d822].
  for (const address of ['93.184.216.34', '[2606:4700:4700::1111]', '[::ffff:5db8:d822]'])
    await expect(checkTarget(`https://${address}/hooks`, rules, noDns)).resolves.toMatchObject({
      addresses: [address.replace(/^\[|\]$/g, '')],
    })
  await expect(checkTarget('https://[::ffff:10.0.0.1]/', rules, noDns)).rejects.toThrow(TargetRefused)
})

let receiver: WebhookReceiver
beforeAll(async () => {
  receiver = await startWebhookReceiver()
})
afterAll(() => receiver.close())

test.each(Object.entries(EMBEDDING_FORMS))(
  'a name that resolves to %s by send time is refused at send, nothing sent',
  async (_form, address) => {
    const resolve: Resolver = async () => [address]
    const result = await postJson(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}', {
      rules: { allowLoopback: true },
      resolve,
      timeoutMs: 2000,
    })
    expect(result).toMatchObject({ status: null, response: expect.stringMatching(/^refused: resolves to a refused/) })
    expect(receiver.received).toHaveLength(0)
  },
)
