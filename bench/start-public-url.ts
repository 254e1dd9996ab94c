// Issue 53, item 3 (docs/BENCHMARKS.md, "Start with another PUBLIC_URL"): the built server's
// start, from spawn to its "listening" line (the documents for PUBLIC_URL are made before it
// listens) and to the first 200 on /, in the checkout `ROOT` (default: this one; another, built,
// to compare with an older commit), with PUBLIC_URL unset and set to another address; then, when
// the build has a public-origin.json, what each brotli quality costs for the files it names.
//   npx tsx bench/start-public-url.ts [ROOT] [RUNS]
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip } from 'node:zlib'
import { freePort } from '../scripts/pg-cluster.ts'
import { parseOriginRecord, PUBLIC_ORIGIN_FILE } from '../src/server/http/public-origin.ts'

const root = resolve(process.argv[2] ?? '.')
const runs = Number(process.argv[3] ?? 5)

type Start = { listening: number; firstPage: number; made?: number }

async function startOnce(publicUrl: string | undefined): Promise<Start> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['--optimize-for-size', '--liftoff-only', 'dist/node/server/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      DATABASE_URL: '',
      ...(publicUrl ? { PUBLIC_URL: publicUrl } : { PUBLIC_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  try {
    const listening = await new Promise<number>((done, fail) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.includes('listening on')) done(performance.now() - started)
      })
      child.once('exit', () => fail(new Error(`server exited:\n${out}`)))
    })
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.status,
        () => 0,
      )
      if (status === 200) break
      await new Promise((r) => setTimeout(r, 5))
    }
    const firstPage = performance.now() - started
    const line = out.split('\n').find((l) => l.includes('"site.public_origin"'))
    const made = line ? (JSON.parse(line) as { ms: number; documents: number }) : undefined
    return { listening, firstPage, ...(made?.documents ? { made: made.ms } : {}) }
  } finally {
    child.kill('SIGKILL')
  }
}

const ms = (values: number[]) => values.map((v) => Math.round(v)).join(', ')
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
for (const [label, url] of [
  ['PUBLIC_URL unset', undefined],
  ['PUBLIC_URL another address', 'https://another-address.example.org'],
] as const) {
  const all: Start[] = []
  // One untimed start first: the page cache and V8's code cache warm.
  await startOnce(url)
  for (let i = 0; i < runs; i++) all.push(await startOnce(url))
  const made = all.flatMap((a) => (a.made === undefined ? [] : [a.made]))
  console.log(
    `${label}: listening ${ms(all.map((a) => a.listening))} ms (median ${Math.round(median(all.map((a) => a.listening)))}); ` +
      `first 200 on / ${ms(all.map((a) => a.firstPage))} ms (median ${Math.round(median(all.map((a) => a.firstPage)))})` +
      (made.length ? `; documents made in ${ms(made)} ms` : ''),
  )
}

const record = join(root, 'dist/client', PUBLIC_ORIGIN_FILE)
if (existsSync(record)) {
  const names = Object.keys(parseOriginRecord(readFileSync(record, 'utf8')).files)
  const bodies = names.map((n) => readFileSync(join(root, 'dist/client', n)))
  const params = (q: number, body: Buffer) => ({
    params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  const [br, gz] = [promisify(brotliCompress), promisify(gzip)]
  for (const q of [11, 10, 9, 5]) {
    const sync: number[] = []
    const pool: number[] = []
    let sizes: number[] = []
    for (let i = 0; i < runs; i++) {
      let t = performance.now()
      sizes = bodies.map((b) => brotliCompressSync(b, params(q, b)).length)
      sync.push(performance.now() - t)
      t = performance.now()
      await Promise.all(bodies.map((b) => Promise.all([br(b, params(q, b)), gz(b, { level: 9 })])))
      pool.push(performance.now() - t)
    }
    const size = (name: string) => sizes[names.indexOf(name)]
    console.log(
      `brotli ${q}: ${names.length} files, CPU ${ms(sync)} ms; br + gzip on the pool ${ms(pool)} ms; ` +
        `/ ${size('index.html')} B, all ${sizes.reduce((a, b) => a + b, 0)} B`,
    )
  }
}
