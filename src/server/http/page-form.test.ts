import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readPageForm } from './page-form.ts'

// The server pages' one form parser: values as typed, one message per field, files not read.

const schema = z.strictObject({
  name: z.string().trim().max(5, 'Name: at most 5 characters.'),
  rating: z.coerce.number({ error: 'Pick a rating.' }).int().min(1, 'Pick a rating.'),
  note: z.string().default(''),
})

async function post(body: BodyInit, headers: Record<string, string> = {}) {
  const app = new Hono()
  app.post('/', async (c) => c.json(await readPageForm(c, schema)))
  const res = await app.request('/', { method: 'POST', body, headers })
  return res.json()
}

describe('readPageForm', () => {
  it('gives the data when the schema accepts the form; fields it does not declare are ignored', async () => {
    const form = await post(new URLSearchParams({ name: ' Ada ', rating: '4', extra: 'x' }))
    expect(form).toEqual({
      values: { name: ' Ada ', rating: '4' },
      unreadable: false,
      ok: true,
      data: { name: 'Ada', rating: 4, note: '' },
    })
  })

  it('keeps what was typed and names the first problem of each field; a blank field counts as not sent', async () => {
    const form = await post(new URLSearchParams({ name: 'Adalovelace', rating: '', note: '' }))
    expect(form).toEqual({
      values: { name: 'Adalovelace', rating: '', note: '' },
      unreadable: false,
      ok: false,
      errors: { name: 'Name: at most 5 characters.', rating: 'Pick a rating.' },
    })
  })

  it('reads a field carrying a file as not sent, and says the form was unreadable', async () => {
    const body = new FormData()
    body.set('name', 'Ada')
    body.set('rating', new Blob(['5']), 'rating.txt')
    const form = await post(body)
    expect(form).toMatchObject({
      values: { name: 'Ada' },
      unreadable: true,
      ok: false,
      errors: { rating: 'Pick a rating.' },
    })
  })

  it('reads a body of another type as an empty form (the schema says what is missing)', async () => {
    const form = await post('{"name":"Ada"}', { 'content-type': 'application/json' })
    expect(form).toMatchObject({
      values: {},
      unreadable: false,
      ok: false,
      errors: { name: expect.any(String), rating: 'Pick a rating.' },
    })
  })
})
