import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { serveCommand } from '../bench/server.ts'

// The V8 flags that keep the embedded database's memory down (docs/decisions/perf-server.md)
// must be the same wherever the server is started for real.
const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')

test('npm run serve, the systemd unit and the container start node with the same flags', () => {
  const serve = serveCommand()
  expect(serve.at(-1)).toBe('dist/node/server/index.js')
  expect(serve).toContain('--optimize-for-size')
  expect(serve).toContain('--liftoff-only')
  const unit = /^ExecStart=\/usr\/bin\/node (.+)$/m.exec(read('deploy/launch-page.service'))?.[1]
  expect(unit?.split(' ')).toEqual(serve)
  const cmd = /^CMD (\[.+\])$/m.exec(read('deploy/Dockerfile'))?.[1]
  expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...serve])
})
