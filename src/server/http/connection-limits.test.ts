import { expect, test } from 'vitest'
import { createLogger } from '../log.ts'
import { connectionBudget, fileDescriptorLimit, refusalLog } from './connection-limits.ts'

test('the total cap stays below the open-file limit, whatever is asked', () => {
  expect(connectionBudget({ fileLimit: 20_000 })).toEqual({ max: 9_936, clamped: false })
  expect(connectionBudget({ fileLimit: 20_000, poolSize: 36 })).toEqual({ max: 9_918, clamped: false })
  expect(connectionBudget({ fileLimit: 1024 })).toEqual({ max: 448, clamped: false })
  // Unknown limit (not Linux): the common default of 1024 is assumed.
  expect(connectionBudget({})).toEqual({ max: 448, clamped: false })
  expect(connectionBudget({ fileLimit: 1024, requested: 500 })).toEqual({ max: 500, clamped: false })
  expect(connectionBudget({ fileLimit: 1024, requested: 5_000 })).toEqual({ max: 896, clamped: true })
  expect(connectionBudget({ fileLimit: 64 }).max).toBeGreaterThan(0)
})

test('the open-file limit is read from /proc on Linux', () => {
  const limit = fileDescriptorLimit()
  if (process.platform === 'linux') expect(limit).toBeGreaterThan(0)
  else expect(limit).toBeUndefined()
})

test('refused connections are logged at most once a minute, with a count and no address', () => {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger('info', { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) })
  let t = 0
  const refused = refusalLog(logger, 'server.connections_full', 'refused', () => t)
  for (let i = 0; i < 1000; i++) refused()
  expect(lines).toHaveLength(1)
  t += 60_000
  refused()
  expect(lines).toHaveLength(2)
  expect(lines[1]).toMatchObject({ event: 'server.connections_full', refused: 1000, level: 40 })
})
