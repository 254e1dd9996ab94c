import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { API_SCOPES } from '../src/shared/api-tokens.ts'
import { formattedOpenApi, OPENAPI_PATH } from '../scripts/api-doc.ts'

test('docs/api/openapi.json is what scripts/api-doc.ts writes (npm run api:doc)', async () => {
  expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(await formattedOpenApi())
})

test('the file names every route, its scope and every refusal', () => {
  const doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
    openapi: string
    paths: Record<string, Record<string, { security: { token: string[] }[]; responses: Record<string, unknown> }>>
  }
  expect(doc.openapi).toBe('3.1.0')
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
  )
  expect(operations.map((o) => o.route)).toEqual(['GET /stats', 'GET /signups', 'POST /signups'])
  expect(operations.map((o) => o.op.security[0]!.token[0])).toEqual([...API_SCOPES])
  for (const { route, op } of operations)
    expect(Object.keys(op.responses), route).toEqual(expect.arrayContaining(['400', '401', '403', '429']))
})
