import { existsSync, readFileSync } from 'node:fs'
import { Ajv, type ValidateFunction } from 'ajv'
import { parse as parseToml } from 'smol-toml'
import { describe, expect, test } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { SETTING_NAMES } from '../src/server/config.ts'

// Issue 53: the platform blueprints. Each is validated against its schema in deploy/schemas/
// (written from the platform's documented keys: deploy/schemas/README.md says why and when), then
// checked for what a schema cannot know: the disk is the image's data folder, the health check is
// /healthz, and every setting it names is one the server reads or the Dockerfile takes.

const read = (path: string) => readFileSync(path, 'utf8')
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true })
const schema = (name: string): ValidateFunction => ajv.compile(JSON.parse(read(`deploy/schemas/${name}.schema.json`)))

/** What deploy/Dockerfile declares: its volume, its environment, its build arguments and port. */
function dockerfile() {
  const text = read('deploy/Dockerfile').replace(/\\\n/g, ' ')
  const lines = text.split('\n').map((l) => l.trim())
  const env = Object.fromEntries(
    lines
      .filter((l) => l.startsWith('ENV '))
      .flatMap((l) => [...l.slice(4).matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])),
  )
  const args = lines.filter((l) => l.startsWith('ARG ')).map((l) => l.slice(4).split('=')[0]!.trim())
  const volume = lines
    .find((l) => l.startsWith('VOLUME '))!
    .slice(7)
    .trim()
  return { env, args, volume, port: Number(env.PORT) }
}
const image = dockerfile()

/** A name a blueprint may set: a server setting, or a build argument of the Dockerfile. */
const known = new Set([...SETTING_NAMES, ...image.args])
/** What a founder must give on every platform, and never as a literal in a file. */
const YOURS = ['PUBLIC_URL', 'OWNER_EMAILS', 'EMAIL_FROM', 'RESEND_API_KEY']

function expectValid(validate: ValidateFunction, doc: unknown) {
  const ok = validate(doc)
  expect(ok, ajv.errorsText(validate.errors)).toBe(true)
}

test('the image keeps its embedded database and outbox in the volume the blueprints mount', () => {
  expect(image.volume).toBe('/data')
  expect(image.env.PGLITE_DIR!.startsWith(`${image.volume}/`)).toBe(true)
  expect(image.env.OUTBOX_DIR!.startsWith(`${image.volume}/`)).toBe(true)
  expect(image.port).toBeGreaterThan(0)
  for (const name of YOURS) expect(known.has(name), name).toBe(true)
})

describe('render.yaml', () => {
  const doc = parseYaml(read('render.yaml')) as {
    services: {
      runtime: string
      plan: string
      numInstances: number
      dockerfilePath: string
      healthCheckPath: string
      disk: { mountPath: string }
      envVars: { key: string; value?: unknown; sync?: boolean }[]
    }[]
  }
  const validate = schema('render')
  const web = doc.services[0]!

  test("passes the schema of Render's documented keys, which refuses a misspelt one", () => {
    expectValid(validate, doc)
    const misspelt = structuredClone(doc) as unknown as { services: Record<string, unknown>[] }
    misspelt.services[0]!.healthcheckPath = '/healthz'
    expect(validate(misspelt)).toBe(false)
  })

  test('one docker web service on a paid plan, with the disk at /data and the health check /healthz', () => {
    expect(web.runtime).toBe('docker')
    expect(existsSync(web.dockerfilePath)).toBe(true)
    expect(web.plan).not.toBe('free')
    expect(web.numInstances).toBe(1)
    expect(web.disk.mountPath).toBe(image.volume)
    expect(web.healthCheckPath).toBe('/healthz')
  })

  test('every setting is one the server reads; what is yours is asked at set-up, never written', () => {
    for (const v of web.envVars) expect(known.has(v.key), v.key).toBe(true)
    for (const name of YOURS) expect(web.envVars.find((v) => v.key === name)).toEqual({ key: name, sync: false })
    expect(web.envVars.find((v) => v.key === 'BACKUP_DIR')?.value).toMatch(new RegExp(`^${image.volume}/`))
  })
})

describe('fly.toml', () => {
  const text = read('fly.toml')
  const doc = parseToml(text) as {
    build: { dockerfile: string; args?: Record<string, string> }
    env: Record<string, string>
    mounts: { destination: string }[]
    http_service: { internal_port: number; auto_stop_machines: unknown; checks: { path: string }[] }
  }
  const validate = schema('fly')

  test("passes the schema of Fly's documented keys, which refuses a misspelt one", () => {
    expectValid(validate, doc)
    const misspelt = structuredClone(doc) as unknown as { http_service: Record<string, unknown> }
    misspelt.http_service.internal_prot = 3000
    expect(validate(misspelt)).toBe(false)
  })

  test("one volume at /data, the image's port, the health check /healthz, no stopping when idle", () => {
    expect(existsSync(doc.build.dockerfile)).toBe(true)
    expect(doc.mounts.map((m) => m.destination)).toEqual([image.volume])
    expect(doc.http_service.internal_port).toBe(image.port)
    expect(doc.http_service.checks.map((c) => c.path)).toEqual(['/healthz'])
    expect(doc.http_service.auto_stop_machines).toBe('off')
  })

  test('every setting is one the server reads; secrets are set with `fly secrets set`, not in the file', () => {
    for (const name of Object.keys(doc.env)) expect(SETTING_NAMES, name).toContain(name)
    for (const name of Object.keys(doc.build.args ?? {})) expect(image.args, name).toContain(name)
    const secrets = [...(/fly secrets set (.+)/.exec(text)?.[1] ?? '').matchAll(/([A-Z_]+)=/g)].map((m) => m[1]!)
    expect(secrets.sort()).toEqual(['EMAIL_FROM', 'OWNER_EMAILS', 'RESEND_API_KEY'])
    for (const name of secrets) expect(doc.env[name], name).toBeUndefined()
    expect(doc.env.BACKUP_DIR).toMatch(new RegExp(`^${image.volume}/`))
  })
})

describe('railway.json', () => {
  const doc = JSON.parse(read('railway.json')) as {
    build: { builder: string; dockerfilePath: string }
    deploy: { healthcheckPath: string; requiredMountPath: string; numReplicas: number }
  }
  const validate = schema('railway')

  test("passes the schema of Railway's documented keys, which refuses a misspelt one", () => {
    expectValid(validate, doc)
    expect(validate({ ...doc, deploy: { ...doc.deploy, healthCheckPath: '/healthz' } })).toBe(false)
  })

  test('builds the Dockerfile, needs a volume at /data, checks /healthz, one replica', () => {
    expect(doc.build.builder).toBe('DOCKERFILE')
    expect(existsSync(doc.build.dockerfilePath)).toBe(true)
    expect(doc.deploy.requiredMountPath).toBe(image.volume)
    expect(doc.deploy.healthcheckPath).toBe('/healthz')
    expect(doc.deploy.numReplicas).toBe(1)
  })

  test("the variables to paste are the server's settings, Railway's own, and yours", () => {
    const vars = Object.fromEntries(
      read('deploy/railway.env')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    )
    for (const name of Object.keys(vars)) expect(known.has(name) || name.startsWith('RAILWAY_'), name).toBe(true)
    for (const name of YOURS) expect(vars[name], name).toBeDefined()
    expect(vars.BACKUP_DIR).toMatch(new RegExp(`^${image.volume}/`))
  })
})

test('the README has a Deploy section: the container, compose and each platform, with its limits', () => {
  const readme = read('README.md')
  const start = readme.indexOf('\n## Deploy\n')
  expect(start).toBeGreaterThan(0)
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1))
  for (const file of ['deploy/Dockerfile', 'deploy/compose.yaml', 'render.yaml', 'fly.toml', 'railway.json'])
    expect(section, file).toContain(`\`${file}\``)
  expect(section).toContain('docs/deploy.md#8-or-the-container')
  expect(section).toMatch(/\]\(https:\/\/render\.com\/deploy\?repo=/)
  expect(section).toMatch(/\]\(https:\/\/railway\.com\/deploy\//)
  expect(section).toMatch(/not persistent[^.]*PostgreSQL/)
  expect(section).toMatch(/one machine/)
})
