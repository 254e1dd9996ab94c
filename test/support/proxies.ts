// Real nginx and Caddy (Debian's packages; scripts/ensure-proxies.sh installs them) running the
// recipes in deploy/ on loopback ports: the production server blocks with TLS taken out and the
// /opt/launch-page paths pointed at a given build. Used by test/proxy-recipes.test.ts and by the
// bench's throughput comparison (bench/throughput.ts).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../scripts/pg-cluster.ts'

const DEPLOY = fileURLToPath(new URL('../../deploy/', import.meta.url))
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'

/** `upstream`: the Node server's port, or several processes' ports. */
export type Paths = { client: string; proxy: string; upstream: number | number[] }
export type RunningProxy = { url: string; port: number; pid: number; stop: () => Promise<void> }

const retarget = (text: string, paths: Paths) => {
  const ports = [paths.upstream].flat()
  return text
    .replaceAll('/opt/launch-page/dist/client', paths.client)
    .replaceAll('/opt/launch-page/dist/proxy', paths.proxy)
    .replace(/^(\s*)server 127\.0\.0\.1:3000;$/m, (_, pad: string) =>
      ports.map((p) => `${pad}server 127.0.0.1:${p};`).join('\n'),
    )
    .replaceAll('to 127.0.0.1:3000', `to ${ports.map((p) => `127.0.0.1:${p}`).join(' ')}`)
}

/** deploy/nginx.conf's upstream and HTTPS server block, served over plain HTTP on `port`. */
async function nginxConfig(paths: Paths, port: number, tmp: string, workers = 1): Promise<string> {
  const recipe = retarget(await readFile(join(DEPLOY, 'nginx.conf'), 'utf8'), paths)
  const upstream = /^upstream launch_page \{[\s\S]*?^\}/m.exec(recipe)![0]
  const https = [...recipe.matchAll(/^server \{[\s\S]*?^\}/gm)].map((m) => m[0]).find((b) => b.includes('ssl'))!
  const server = https
    .split('\n')
    .filter((l) => !/^\s*(listen|http2|ssl_)/.test(l))
    .join('\n')
    .replace('server {', `server {\n    listen 127.0.0.1:${port};`)
  return `daemon off;
worker_processes ${workers};
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log warn;
load_module ${BROTLI_MODULE};
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    client_body_temp_path ${tmp}/body;
    proxy_temp_path ${tmp}/proxy;
    fastcgi_temp_path ${tmp}/fastcgi;
    uwsgi_temp_path ${tmp}/uwsgi;
    scgi_temp_path ${tmp}/scgi;
${upstream}
${server}
}
`
}

/** deploy/Caddyfile's site, over plain HTTP on `port`, with no admin endpoint and no certificates. */
async function caddyConfig(paths: Paths, port: number): Promise<string> {
  const recipe = retarget(await readFile(join(DEPLOY, 'Caddyfile'), 'utf8'), paths)
  return `{\n\tadmin off\n\tauto_https off\n}\n${recipe.replace(/^launch\.example \{/m, `http://127.0.0.1:${port} {`)}`
}

export async function startNginx(paths: Paths, tmp: string, workers = 1): Promise<RunningProxy> {
  if (!existsSync('/usr/sbin/nginx') || !existsSync(BROTLI_MODULE))
    throw new Error('nginx with the brotli_static module is missing: bash scripts/ensure-proxies.sh')
  await mkdir(tmp, { recursive: true })
  const port = await freePort()
  const file = join(tmp, 'nginx.conf')
  await writeFile(file, await nginxConfig(paths, port, tmp, workers))
  return run('/usr/sbin/nginx', ['-c', file, '-p', tmp], port)
}

export async function startCaddy(paths: Paths, tmp: string): Promise<RunningProxy> {
  if (!existsSync('/usr/bin/caddy')) throw new Error('caddy is missing: bash scripts/ensure-proxies.sh')
  await mkdir(tmp, { recursive: true })
  const port = await freePort()
  const file = join(tmp, 'Caddyfile')
  await writeFile(file, await caddyConfig(paths, port))
  return run('/usr/bin/caddy', ['run', '--config', file, '--adapter', 'caddyfile'], port, {
    XDG_DATA_HOME: join(tmp, 'data'),
    XDG_CONFIG_HOME: join(tmp, 'config'),
  })
}

async function run(cmd: string, args: string[], port: number, env: Record<string, string> = {}): Promise<RunningProxy> {
  const child: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } })
  let log = ''
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()))
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode}:\n${log}`)
    const ok = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    )
    if (ok) break
    if (i > 200) throw new Error(`${cmd} did not answer on ${url}:\n${log}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url,
    port,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}
