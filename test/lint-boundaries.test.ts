import { ESLint } from 'eslint'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// The import table in docs/architecture.md is enforced by eslint.config.js. These
// probes lint small made-up files placed in each room, so a config change that quietly stops a
// zone from biting fails here rather than letting a forbidden import land.

const ROOT = fileURLToPath(new URL('..', import.meta.url))
// import/no-cycle reads each linted file from disk, and these probes exist only in memory: it is
// tested on real files below.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: { rules: { 'import/no-cycle': 'off' } } })

// The resolver finds an import only from a folder that exists, so a probe's folder is made for
// the test when the code has none yet, and removed after.
const madeFolders: string[] = []
afterAll(async () => {
  for (const folder of madeFolders.reverse()) await rm(folder, { recursive: true, force: true })
})

/** The errors ESLint reports for `code` as if it were the file at `filePath`, as "rule: message". */
async function errors(filePath: string, code: string): Promise<string[]> {
  const made = await mkdir(dirname(join(ROOT, filePath)), { recursive: true })
  if (made) madeFolders.push(made)
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) })
  expect(result!.messages.filter((m) => m.fatal)).toEqual([])
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`)
}

/** import/no-restricted-paths' words for an import of `path` that breaks `rule`. */
const zone = (path: string, rule: string) =>
  `import/no-restricted-paths: Unexpected path "${path}" imported in restricted zone. ${rule} (docs/architecture.md).`

describe('import boundaries', { timeout: 60_000 }, () => {
  test('the page may not import the server', async () => {
    const found = await errors('src/web/lint-probe.ts', `import { openDb } from '../server/db/open.ts'\nvoid openDb\n`)
    expect(found).toEqual([zone('../server/db/open.ts', 'src/web may import only src/shared, src/ui')])
  })

  test('the console may not import the server, the page or the email templates', async () => {
    const found = await errors(
      'src/console/lint-probe.tsx',
      [
        `import { listSignups } from '../server/features/signups/console-queries.ts'`,
        `import { App } from '../web/app.tsx'`,
        `import { WelcomeEmail } from '../emails/welcome.tsx'`,
        `void [listSignups, App, WelcomeEmail]`,
      ].join('\n'),
    )
    const rule = 'src/console may import only src/shared, src/ui'
    expect(found).toEqual([
      zone('../server/features/signups/console-queries.ts', rule),
      zone('../web/app.tsx', rule),
      zone('../emails/welcome.tsx', rule),
    ])
  })

  test('the mail core may not import Node built-ins or the Node server', async () => {
    const found = await errors(
      'src/mail-core/lint-probe.ts',
      [
        `import { readFile } from 'node:fs/promises'`,
        `import { createHash } from 'crypto'`,
        `import { openDb } from '../server/db/open.ts'`,
        `void [readFile, createHash, openDb]`,
      ].join('\n'),
    )
    expect(found).toEqual([
      "no-restricted-imports: 'node:fs/promises' import is restricted from being used by a pattern. src/mail-core runs outside Node: no Node built-ins (docs/architecture.md).",
      "no-restricted-imports: 'crypto' import is restricted from being used. src/mail-core runs outside Node: no Node built-ins (docs/architecture.md).",
      zone('../server/db/open.ts', 'src/mail-core may import only src/shared, src/emails'),
    ])
  })

  test('the mail core may import shared code and the emails (kinds and templates)', async () => {
    const code = `import { PRODUCT } from '../shared/content.ts'\nimport { WelcomeEmail } from '../emails/welcome.tsx'\nimport { KINDS } from '../emails/kinds.ts'\nvoid [PRODUCT, WelcomeEmail, KINDS]\n`
    expect(await errors('src/mail-core/lint-probe.ts', code)).toEqual([])
  })

  test('an email (its kind and template) may not import the mail core, the server or Node built-ins', async () => {
    const found = await errors(
      'src/emails/lint-probe.ts',
      [
        `import { readFile } from 'node:fs/promises'`,
        `import { enqueue } from '../mail-core/enqueue.ts'`,
        `import { openDb } from '../server/db/open.ts'`,
        `import { paths } from '../shared/paths.ts'`,
        `void [readFile, enqueue, openDb, paths]`,
      ].join('\n'),
    )
    expect(found).toEqual([
      "no-restricted-imports: 'node:fs/promises' import is restricted from being used by a pattern. src/emails runs outside Node: no Node built-ins (docs/architecture.md).",
      zone('../mail-core/enqueue.ts', 'src/emails may import only src/shared'),
      zone('../server/db/open.ts', 'src/emails may import only src/shared'),
    ])
  })

  test('shared code imports nothing of ours, and the server never the page or the console', async () => {
    expect(
      await errors('src/shared/lint-probe.ts', `import { Button } from '../ui/button.tsx'\nvoid Button\n`),
    ).toEqual([zone('../ui/button.tsx', 'src/shared may import only nothing of ours')])
    expect(
      await errors('src/server/lint-probe.ts', `import { ConsoleApp } from '../console/app.tsx'\nvoid ConsoleApp\n`),
    ).toEqual([zone('../console/app.tsx', 'src/server may import only src/shared, src/emails, src/mail-core, src/ui')])
  })

  test('the server pages may use the shared React parts, which never reach back into the server', async () => {
    expect(
      await errors(
        'src/server/http/lint-probe.tsx',
        `import { LogoMark } from '../../ui/logo-mark.tsx'\nvoid LogoMark\n`,
      ),
    ).toEqual([])
    expect(
      await errors(
        'src/ui/lint-probe.tsx',
        `import { sendPage } from '../server/http/server-page.tsx'\nvoid sendPage\n`,
      ),
    ).toEqual([zone('../server/http/server-page.tsx', 'src/ui may import only src/shared')])
  })

  test('the edge function may not import the Node server, and may import the mail core', async () => {
    const dir = 'supabase/functions/resend-email/lint-probe.ts'
    expect(await errors(dir, `import { openDb } from '../../../src/server/db/open.ts'\nvoid openDb\n`)).toEqual([
      zone(
        '../../../src/server/db/open.ts',
        'supabase/functions may import only src/mail-core, src/shared, src/emails',
      ),
    ])
    expect(await errors(dir, `import { apiError } from '../../../src/shared/http/errors.ts'\nvoid apiError\n`)).toEqual(
      [],
    )
  })

  test('a route file may not run SQL itself; its query module may', async () => {
    const code = `import type { Db } from '../../db/db.ts'\nexport const f = (db: Db) => db.query('select 1')\n`
    expect(await errors('src/server/features/lint-probe/routes.ts', code)).toEqual([
      "no-restricted-syntax: SQL lives in the feature's query module, never in a route file (docs/architecture.md).",
    ])
    expect(await errors('src/server/features/lint-probe/queries.ts', code)).toEqual([])
  })

  test("a feature may not import another feature's files; the owner toolkit and infrastructure it may", async () => {
    const rule = "A feature imports no other feature's files; app.ts passes what one needs of another"
    const code = [
      `import { previewInvitations } from '../invitations/queries.ts'`,
      `import type { OwnerEnv } from '../owner-auth/console-routes.ts'`,
      `import { audit } from '../../owner/audit.ts'`,
      `import type { Db } from '../../db/db.ts'`,
      `import { insertFeedback } from './queries.ts'`,
      `export const probe: unknown = [previewInvitations, audit, insertFeedback] as unknown as [OwnerEnv, Db]`,
    ].join('\n')
    expect(await errors('src/server/features/feedback/lint-probe.ts', code)).toEqual([
      zone('../invitations/queries.ts', rule),
      zone('../owner-auth/console-routes.ts', rule),
    ])
    // No feature file is exempt: the Android phone page takes its email field from the server
    // pages' parts (http/email-field.tsx), not from play testing's pages.
    expect(
      await errors(
        'src/server/features/invitations/pages.tsx',
        `import { answerPage } from '../play-testing/pages.tsx'\nimport { EmailField } from '../../http/email-field.tsx'\nvoid [answerPage, EmailField]\n`,
      ),
    ).toEqual([zone('../play-testing/pages.tsx', rule)])
    // The server's own zones still hold inside a feature folder.
    expect(
      await errors(
        'src/server/features/feedback/lint-probe.ts',
        `import { App } from '../../../web/app.tsx'\nvoid App\n`,
      ),
    ).toEqual([
      zone('../../../web/app.tsx', 'src/server may import only src/shared, src/emails, src/mail-core, src/ui'),
    ])
  })

  test("only src/content reads the founder's content folder; the rest imports the generated module", async () => {
    const rule =
      'no-restricted-syntax: Only src/content/ reads the content/ folder; import src/shared/content.ts instead (docs/decisions/content.md).'
    const code = [
      `import { readFileSync } from 'node:fs'`,
      `import { join } from 'node:path'`,
      `export const a = readFileSync('content/site.yaml', 'utf8')`,
      `export const b = join(process.cwd(), 'content', 'site.yaml')`,
      `export const c = process.env.CONTENT_DIR`,
      `export const d = \`\${process.cwd()}/content/legal/terms.md\``,
    ].join('\n')
    expect(await errors('src/server/lint-probe.ts', code)).toEqual([rule, rule, rule, rule])
    expect(await errors('scripts/lint-probe.ts', code)).toEqual([rule, rule, rule, rule])
    expect(await errors('src/content/lint-probe.ts', code)).toEqual([])
    const reader = `import { PRODUCT } from '../shared/content.ts'\nexport const name = PRODUCT.name\n`
    expect(await errors('src/server/lint-probe.ts', reader)).toEqual([])
    // The browser's code may not import the reader itself (it is Node only).
    expect(
      await errors('src/web/lint-probe.ts', `import { loadContent } from '../content/load.ts'\nvoid loadContent\n`),
    ).toEqual([zone('../content/load.ts', 'src/web may import only src/shared, src/ui')])
  })

  test("a console feature may not import another console feature's files; the generic parts it may", async () => {
    const rule = "A feature imports no other feature's files; registry.tsx passes what one needs of another"
    const code = [
      `import { useSignupList } from '../signups/use-signup-list.ts'`,
      `import { PlayTestingCard } from '../play-testing/play-testing-card.tsx'`,
      `import { Card } from '../../components/card.tsx'`,
      `import { useCall } from '../../queries.ts'`,
      `import { BuildLabelForm } from './build-label-form.tsx'`,
      `export const probe: unknown = [useSignupList, PlayTestingCard, Card, useCall, BuildLabelForm]`,
    ].join('\n')
    expect(await errors('src/console/features/feedback/lint-probe.tsx', code)).toEqual([
      zone('../signups/use-signup-list.ts', rule),
      zone('../play-testing/play-testing-card.tsx', rule),
    ])
    // The console's own zones still hold inside a feature folder.
    expect(
      await errors(
        'src/console/features/feedback/lint-probe.tsx',
        `import { App } from '../../../web/app.tsx'\nvoid App\n`,
      ),
    ).toEqual([zone('../../../web/app.tsx', 'src/console may import only src/shared, src/ui')])
  })

  test('a public path written as a literal outside src/shared/paths.ts fails lint; through paths.ts it passes', async () => {
    const rule =
      'no-restricted-syntax: A public path is declared once: use paths.<name>.pattern or .href() from src/shared/paths.ts (docs/architecture.md).'
    const code = [
      `export const a = '/beta/feedback'`,
      `export const b = (t: string) => \`/confirm?token=\${t}\``,
      `export const c = '/go/:name'`,
      `export const d = '/admin/signups'`,
      `export const e = ['/unsubscribe', '/app', '/admin/']`,
    ].join('\n')
    expect(await errors('src/server/features/lint-probe/pages.tsx', code)).toEqual(Array(7).fill(rule))
    expect(await errors('src/server/features/lint-probe/routes.ts', code)).toEqual(Array(7).fill(rule))
    expect(await errors('src/web/lint-probe.tsx', `export const f = <a href="/privacy">x</a>\n`)).toEqual([rule])
    // Declared once, there; tests keep literal URLs (the public contract they check); other
    // strings that merely start with a slash are no paths of ours.
    expect(await errors('src/shared/paths.ts', code)).toEqual([])
    expect(await errors('src/server/features/lint-probe/pages.test.ts', code)).toEqual([])
    const fine = [
      `import { paths } from '../../../shared/paths.ts'`,
      `export const a = paths.feedback.href()`,
      `export const b = (t: string) => paths.confirm.href(t)`,
      `export const c = ['/healthz', '/admin/api/me', '/applications', '/betamax', 'beta']`,
    ].join('\n')
    expect(await errors('src/server/features/lint-probe/pages.tsx', fine)).toEqual([])
  })

  test('the page and the server as they stand pass', async () => {
    const results = await eslint.lintFiles([
      'src/web/main.ts',
      'src/console/main.tsx',
      'src/console/registry.tsx',
      'src/server/app.ts',
    ])
    expect(results.flatMap((r) => r.messages)).toEqual([])
  })
})

describe('import cycles', { timeout: 60_000 }, () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lint-cycle-'))
    await writeFile(join(dir, 'a.ts'), `import { b } from './b.ts'\nexport const a = () => b()\n`)
    await writeFile(join(dir, 'b.ts'), `import { a } from './a.ts'\nexport const b = () => a\n`)
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  test('a value cycle between two modules fails lint', async () => {
    const cycles = new ESLint({ cwd: dir, overrideConfigFile: join(ROOT, 'eslint.config.js') })
    const results = await cycles.lintFiles(['a.ts', 'b.ts'])
    const rules = results.flatMap((r) => r.messages.map((m) => m.ruleId))
    expect(rules).toEqual(['import/no-cycle', 'import/no-cycle'])
  })
})

test(
  "the page's, the shared parts' and the console's code logs nothing to a browser's console",
  { timeout: 60_000 },
  async () => {
    const code = `export function send(data: unknown) {\n  console.log('result:', data)\n}\n`
    for (const file of ['src/web/lib/lint-probe.ts', 'src/ui/lint-probe.tsx', 'src/console/lint-probe.ts'])
      expect(await errors(file, code), file).toEqual(['no-console: Unexpected console statement.'])
    // The server logs through its logger, but lint does not stop a line there.
    expect(await errors('src/server/lint-probe.ts', code)).toEqual([])
  },
)
