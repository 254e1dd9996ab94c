// How fast the built page leaves the machine. The landing document and the stylesheet
// (their gzip twins, `Accept-Encoding: gzip`) from `npm run serve`, from nginx with one worker
// running deploy/nginx.conf over the same dist/client, and from a bare node:http server sending
// the same bytes from memory; interleaved, each measured 3 times, medians compared. Since issue
// 37 the recipe passes the page's documents to Node (so visits are counted): nginx's document row
// is the server's answer through the proxy; its stylesheet row is still nginx's own.
// Part of `npm run bench` (bench/run.ts); alone, after `npm run build`:
//   npx tsx bench/throughput.ts
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { freePort } from '../scripts/pg-cluster.ts'
import { startNginx } from '../test/support/proxies.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLIENT = join(ROOT, 'dist/client')
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 5)
const CONNECTIONS = 64

export type Rate = { rps: number; p50Ms: number }
export type Throughput = {
  tool: string
  files: { document: string; stylesheet: string }
  /** Median of the rounds, per server and file. */
  median: Record<'serve' | 'nginx' | 'bare', { document: Rate; stylesheet: Rate }>
  load: string
}

/** wrk if it is there (Debian's `wrk`; installed when we are root with apt-get), else autocannon. */
function loadTool(): 'wrk' | 'autocannon' {
  const has = () => spawnSync('wrk', ['--version']).error === undefined
  if (has()) return 'wrk'
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'wrk'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (has()) return 'wrk'
  }
  console.error('[bench] wrk is not installed (apt-get install wrk); measuring with autocannon, which tops out lower')
  return 'autocannon'
}

async function measure(tool: 'wrk' | 'autocannon', url: string): Promise<Rate> {
  if (tool === 'autocannon') {
    const r = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'accept-encoding': 'gzip' },
    })
    if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`)
    return { rps: r.requests.total / r.duration, p50Ms: r.latency.p50 }
  }
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-H', 'Accept-Encoding: gzip', url]
  const out = spawnSync('wrk', args, { encoding: 'utf8' }).stdout
  if (/Non-2xx|Socket errors/.test(out)) throw new Error(`${url}: errors in wrk's run\n${out}`)
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
  const p50 = /50%\s+([\d.]+)(us|ms|s)\b/.exec(out)
  if (!rps || !p50) throw new Error(`wrk's output not understood:\n${out}`)
  const unit = { us: 0.001, ms: 1, s: 1000 }[p50[2] as 'us' | 'ms' | 's']
  return { rps, p50Ms: Number(p50[1]) * unit }
}

/** The 6-line server: the same two gzip twins from memory, with a Content-Type and a length. */
async function startBare(files: Record<string, string>): Promise<{ url: string; stop: () => void }> {
  const port = await freePort()
  const script = `const http = require('node:http'), fs = require('node:fs')
const files = new Map(${JSON.stringify(Object.entries(files))}.map(([p, f]) => [p, fs.readFileSync(f)]))
http.createServer((req, res) => {
  const body = files.get(req.url)
  res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': body.length }).end(body)
}).listen(${port}, '127.0.0.1', () => console.log('ready'))`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((r) => child.stdout.once('data', () => r()))
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() }
}

const median = (xs: Rate[]): Rate => {
  const mid = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!
  return { rps: mid(xs.map((x) => x.rps)), p50Ms: mid(xs.map((x) => x.p50Ms)) }
}

/** `serveUrl`: a server started as `npm run serve` runs it (bench/server.ts), on the built dist/. */
export async function measureThroughput(serveUrl: string, rounds = 3): Promise<Throughput> {
  const stylesheet = `/assets/${readdirSync(join(CLIENT, 'assets')).find((f) => /^index-[\w-]+\.css$/.test(f))}`
  const paths = { document: '/', stylesheet }
  for (const p of ['index.html.gz', `${stylesheet.slice(1)}.gz`])
    if (!existsSync(join(CLIENT, p))) throw new Error(`no ${p} in dist/client: run npm run build first`)
  const tool = loadTool()
  const scratch = await mkdtemp(join(tmpdir(), 'bench-nginx-'))
  const upstream = Number(new URL(serveUrl).port)
  const nginx = await startNginx({ client: CLIENT, proxy: join(ROOT, 'dist/proxy'), upstream }, scratch, 1)
  const bare = await startBare({ '/': join(CLIENT, 'index.html.gz'), [stylesheet]: join(CLIENT, `${stylesheet}.gz`) })
  const urls = { serve: serveUrl, nginx: nginx.url, bare: bare.url }
  const runs = {
    serve: { document: [], stylesheet: [] },
    nginx: { document: [], stylesheet: [] },
    bare: { document: [], stylesheet: [] },
  } as Record<keyof typeof urls, Record<keyof typeof paths, Rate[]>>
  try {
    for (let round = 0; round < rounds; round++)
      for (const file of ['document', 'stylesheet'] as const)
        for (const server of ['serve', 'nginx', 'bare'] as const)
          runs[server][file].push(await measure(tool, `${urls[server]}${paths[file]}`))
  } finally {
    bare.stop()
    await nginx.stop()
    await rm(scratch, { recursive: true, force: true })
  }
  const of = (s: keyof typeof urls) => ({ document: median(runs[s].document), stylesheet: median(runs[s].stylesheet) })
  return {
    tool: tool === 'wrk' ? `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s` : `autocannon -c ${CONNECTIONS} -d ${SECONDS}`,
    files: paths,
    median: { serve: of('serve'), nginx: of('nginx'), bare: of('bare') },
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  }
}

export function throughputTable(t: Throughput): string {
  const rate = (r: Rate) => `${Math.round(r.rps).toLocaleString('en')} req/s, p50 ${r.p50Ms.toFixed(1)} ms`
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)}%`
  const { serve, nginx, bare } = t.median
  return [
    `Built files, ${t.tool}, Accept-Encoding: gzip, interleaved, median of 3 (load average after: ${t.load})`,
    '',
    '| | landing document | stylesheet |',
    '| --- | --- | --- |',
    `| \`npm run serve\` | ${rate(serve.document)} | ${rate(serve.stylesheet)} |`,
    `| nginx, one worker (deploy/nginx.conf) | ${rate(nginx.document)} | ${rate(nginx.stylesheet)} |`,
    `| bare node:http, same bytes from memory | ${rate(bare.document)} | ${rate(bare.stylesheet)} |`,
    `| serve / nginx (target ≥ 30%) | ${pct(serve.document.rps, nginx.document.rps)} | ${pct(serve.stylesheet.rps, nginx.stylesheet.rps)} |`,
    `| serve / bare node (target ≥ 40%) | ${pct(serve.document.rps, bare.document.rps)} | ${pct(serve.stylesheet.rps, bare.stylesheet.rps)} |`,
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { startServer } = await import('./server.ts')
  const scratch = await mkdtemp(join(tmpdir(), 'bench-throughput-'))
  const srv = await startServer({ PGLITE_DIR: join(scratch, 'db'), OUTBOX_DIR: join(scratch, 'outbox') })
  try {
    console.log(throughputTable(await measureThroughput(srv.url)))
  } finally {
    await srv.stop()
    await rm(scratch, { recursive: true, force: true })
  }
}
