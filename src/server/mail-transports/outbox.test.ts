import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createOutboxTransport, type OutboxRecord } from './outbox.ts'
import { expectTestEmailHeaders, readRawMessage, testEmail } from '../../mail-core/test-email.ts'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'outbox-test-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('outbox transport', () => {
  test('writes a readable .eml, .html and .json per email, creating the folder', async () => {
    const dir = join(root, 'nested', 'outbox')
    const transport = createOutboxTransport({ dir })
    const email = testEmail()
    expect(await transport.send(email)).toEqual({ ok: true, id: 'queue-42' })

    expect((await readdir(dir)).sort()).toEqual(['queue-42.eml', 'queue-42.html', 'queue-42.json'])
    expect(await readFile(join(dir, 'queue-42.html'), 'utf8')).toBe(email.html)

    const record = JSON.parse(await readFile(join(dir, 'queue-42.json'), 'utf8')) as OutboxRecord
    expect(record).toMatchObject({
      id: email.id,
      to: email.to,
      from: email.from,
      subject: email.subject,
      text: email.text,
      headers: email.headers,
    })
    expect(record.messageId).toBe('<queue-42@launch.example>')
    expect(Date.parse(record.createdAt)).not.toBeNaN()

    const eml = await readFile(join(dir, 'queue-42.eml'), 'utf8')
    const { head, body } = readRawMessage(eml)
    expectTestEmailHeaders(head)
    expect(body).toMatch(/Content-Type: text\/plain/)
    expect(body).toMatch(/Content-Type: text\/html/)
    expect(body).toContain('Hello from the text part')
    expect(body).toContain('<html lang="en"><body><p>Hello from the HTML part</p>')
  })

  test('is idempotent on id: a second send changes nothing', async () => {
    const transport = createOutboxTransport({ dir: root })
    await transport.send(testEmail())
    const before = await readFile(join(root, 'queue-42.json'), 'utf8')
    expect(await transport.send(testEmail({ subject: 'Something else' }))).toEqual({ ok: true, id: 'queue-42' })
    expect(await readFile(join(root, 'queue-42.json'), 'utf8')).toBe(before)
    expect(await readdir(root)).toHaveLength(3)
  })

  test('completes an email whose .json marker never got written (crash mid-write)', async () => {
    await writeFile(join(root, 'queue-42.eml'), 'half a message')
    const transport = createOutboxTransport({ dir: root })
    expect(await transport.send(testEmail())).toEqual({ ok: true, id: 'queue-42' })
    expect(await readFile(join(root, 'queue-42.eml'), 'utf8')).toContain('Subject: Welcome to the beta')
    expect((await readdir(root)).sort()).toEqual(['queue-42.eml', 'queue-42.html', 'queue-42.json'])
  })

  test('temp files that a crash left behind are removed at start, and nothing else', async () => {
    await writeFile(join(root, '.queue-7.eml.0123456789ab.tmp'), 'half')
    await writeFile(join(root, '.queue-7.json.ba9876543210.tmp'), '{')
    await writeFile(join(root, 'notes.tmp'), 'not ours')
    const transport = createOutboxTransport({ dir: root })
    expect(await transport.send(testEmail())).toEqual({ ok: true, id: 'queue-42' })
    expect((await readdir(root)).sort()).toEqual(['notes.tmp', 'queue-42.eml', 'queue-42.html', 'queue-42.json'])
  })

  test('refuses CR/LF in headers and ids that would leave the folder, writing nothing', async () => {
    const dir = join(root, 'never-created')
    const transport = createOutboxTransport({ dir })
    for (const email of [
      testEmail({ subject: 'Hi\r\nBcc: victim@example.com' }),
      testEmail({ to: 'a@example.com\nBcc: b@example.com' }),
      testEmail({ headers: { 'X-Note': 'ok\rInjected: yes' } }),
      testEmail({ id: '../escape' }),
    ]) {
      const result = await transport.send(email)
      expect(result).toMatchObject({ ok: false, retryable: false })
    }
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/)
  })

  test('a folder that cannot be written gives a retryable failure', async () => {
    const blocker = join(root, 'file-not-folder')
    await writeFile(blocker, 'x')
    const result = await createOutboxTransport({ dir: blocker }).send(testEmail())
    expect(result).toMatchObject({ ok: false, retryable: true })
  })
})
