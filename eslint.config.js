// ESLint: the recommended rules, plus the design's import table as lint zones and no import
// cycles. The table below is the one docs/architecture.md prints; change both together.
// Formatting is Prettier's (npm run validate runs `prettier --check .`), so no stylistic rule here.
import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import tseslint from 'typescript-eslint'

const root = import.meta.dirname

/** Each room of the code and the folder that holds it. */
const FOLDERS = {
  shared: 'src/shared',
  ui: 'src/ui',
  web: 'src/web',
  console: 'src/console',
  emails: 'src/emails',
  mail: 'src/mail-core',
  server: 'src/server',
  content: 'src/content',
  functions: 'supabase/functions',
  e2e: 'e2e',
  bench: 'bench',
  scripts: 'scripts',
  test: 'test',
}

// Tools reach the app through the browser, HTTP or createApp(): they may use the server's code,
// never the page's or the console's.
const TOOLING = ['shared', 'emails', 'mail', 'server', 'content', 'e2e', 'bench', 'scripts', 'test']

/** What each room may import besides itself (DESIGN.md, "Shape of the code"). */
export const MAY_IMPORT = {
  shared: [],
  ui: ['shared'],
  web: ['shared', 'ui'],
  console: ['shared', 'ui'],
  emails: ['shared'],
  mail: ['shared', 'emails'],
  server: ['shared', 'emails', 'mail', 'ui'],
  // The only reader of the founder's content/ folder (Node only): its loader, checks and generator.
  content: ['shared'],
  functions: ['mail', 'shared', 'emails'],
  e2e: TOOLING,
  bench: TOOLING,
  scripts: TOOLING,
  test: TOOLING,
}

/** Rooms that run in the browser, Deno or all three: no Node built-ins. */
const NO_NODE = ['shared', 'ui', 'web', 'console', 'emails', 'mail']

const label = (rooms) => (rooms.length ? rooms.map((r) => FOLDERS[r]).join(', ') : 'nothing of ours')

/** The feature folders of a side (server or console): each one's code imports no other's files. */
const foldersIn = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
const FEATURES_DIR = 'src/server/features'
const FEATURES = foldersIn(FEATURES_DIR)
const CONSOLE_FEATURES_DIR = 'src/console/features'
const CONSOLE_FEATURES = foldersIn(CONSOLE_FEATURES_DIR)

/** One zone per other feature of the same side, so a feature reaches none of their files. */
const featureZones = (dir, features, feature, wiring) =>
  features
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./${dir}/${feature}`,
      from: `./${dir}/${other}`,
      message: `A feature imports no other feature's files; ${wiring} passes what one needs of another (docs/architecture.md).`,
    }))

/** One zone per forbidden (room, other room) pair, so each error names the rule it breaks. */
function zones(room, { testSupport = false, feature } = {}) {
  const allowed = new Set([room, ...MAY_IMPORT[room], ...(testSupport ? ['test'] : [])])
  const rooms = Object.keys(FOLDERS)
    .filter((other) => !allowed.has(other))
    .map((other) => ({
      target: `./${FOLDERS[room]}`,
      from: `./${FOLDERS[other]}`,
      message: `${FOLDERS[room]} may import only ${label(MAY_IMPORT[room])} (docs/architecture.md).`,
    }))
  if (!feature) return rooms
  if (room === 'console')
    return [...rooms, ...featureZones(CONSOLE_FEATURES_DIR, CONSOLE_FEATURES, feature, 'registry.tsx')]
  return [...rooms, ...featureZones(FEATURES_DIR, FEATURES, feature, 'app.ts')]
}

// Bare names here; every `node:` name is caught by the pattern below.
const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_') && !m.startsWith('node:'))

function roomRules(room, options) {
  const rules = { 'import/no-restricted-paths': ['error', { basePath: root, zones: zones(room, options) }] }
  if (NO_NODE.includes(room))
    rules['no-restricted-imports'] = [
      'error',
      {
        paths: nodeBuiltins.map((name) => ({
          name,
          message: `${FOLDERS[room]} runs outside Node: no Node built-ins (docs/architecture.md).`,
        })),
        patterns: [
          {
            group: ['node:*'],
            message: `${FOLDERS[room]} runs outside Node: no Node built-ins (docs/architecture.md).`,
          },
        ],
      },
    ]
  return rules
}

const SOURCES = '**/*.{ts,tsx,js,mjs,cjs}'

// Only src/content/ reads the founder's content/ folder; everything else imports the generated
// module through src/shared/content.ts (docs/decisions/content.md). A path into content/, or the
// CONTENT_DIR setting, anywhere else fails lint.
const CONTENT_MESSAGE =
  'Only src/content/ reads the content/ folder; import src/shared/content.ts instead (docs/decisions/content.md).'
const CONTENT_READS = [
  { selector: ':not(ImportDeclaration) > Literal[value=/(^|[\\/])content[\\/]/]', message: CONTENT_MESSAGE },
  { selector: 'TemplateElement[value.raw=/(^|[\\/])content[\\/]/]', message: CONTENT_MESSAGE },
  {
    selector: "CallExpression[callee.name=/^(join|resolve)$/] > Literal.arguments[value='content']",
    message: CONTENT_MESSAGE,
  },
  {
    selector: "CallExpression[callee.property.name=/^(join|resolve)$/] > Literal.arguments[value='content']",
    message: CONTENT_MESSAGE,
  },
  { selector: "MemberExpression[property.name='CONTENT_DIR']", message: CONTENT_MESSAGE },
]

// Each public path is declared once, in src/shared/paths.ts; a string or template in src/ that
// starts with one fails lint (tests are out of scope: they keep literal URLs on purpose, as the
// public contract they check, so a wrong edit to paths.ts fails a test instead of moving every
// link with it). The console's own API and sign-in calls (/admin/api, /admin/auth) are not the
// page's links and are declared in src/shared/console-endpoints.ts; /admin/cli in its feature;
// any other /admin/<name> is a console view's address (src/shared/console-views.ts).
const PATH_MESSAGE =
  'A public path is declared once: use paths.<name>.pattern or .href() from src/shared/paths.ts (docs/architecture.md).'
const PUBLIC_PATH = String.raw`/^\/(beta|confirm|unsubscribe|go|app|join|contact|privacy|terms|imprint)([\/?#:]|$)|^\/admin(\/(#|sign-in|(?!(api|auth|cli|assets)\b)[a-z-]+\/?$|$)|$)/`
const PATH_LITERALS = [
  { selector: `Literal[value=${PUBLIC_PATH}]`, message: PATH_MESSAGE },
  { selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${PUBLIC_PATH}]`, message: PATH_MESSAGE },
]
const TESTS = ['**/*.test.{ts,tsx}', '**/test-*.ts', '**/test-*.tsx']

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'test-results/',
      'playwright-report/',
      'public/',
      'deploy/',
      '**/node_modules/',
      'src/shared/generated/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: [SOURCES],
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Packages are not ours to check for cycles; parsing them is most of the time.
      'import/ignore': ['node_modules'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // Unused names are errors, but a leading underscore says "unused on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  ...Object.entries(FOLDERS).map(([room, folder]) => ({
    files: [`${folder}/${SOURCES}`],
    rules: roomRules(room),
  })),
  {
    files: [SOURCES],
    // The lint probes' own source holds the very paths they expect to fail.
    ignores: ['src/content/**', 'eslint.config.js', 'test/lint-boundaries.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CONTENT_READS] },
  },
  {
    files: [`src/${SOURCES}`],
    ignores: ['src/content/**', 'src/shared/paths.ts', ...TESTS],
    rules: { 'no-restricted-syntax': ['error', ...CONTENT_READS, ...PATH_LITERALS] },
  },
  {
    files: [`src/content/${SOURCES}`],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', ...PATH_LITERALS] },
  },
  // What runs in a visitor's or the owner's browser writes nothing to its console: a result is
  // shown on the page or the view, and a console line in production only leaks what it holds.
  {
    files: [`{src/web,src/ui,src/console}/${SOURCES}`],
    ignores: TESTS,
    rules: { 'no-console': 'error' },
  },
  // A server test may use the shared test helpers under test/support; server code may not.
  {
    files: ['src/server/**/*.test.{ts,tsx}', 'src/server/**/test-*.ts'],
    rules: roomRules('server', { testSupport: true }),
  },
  // A feature folder imports no other feature's files (its own, the server's infrastructure and
  // src/server/owner/ are fine); app.ts wires features together. Tests may sign in through
  // owner-auth's helpers.
  ...FEATURES.map((feature) => ({
    files: [`${FEATURES_DIR}/${feature}/${SOURCES}`],
    ignores: ['**/*.test.{ts,tsx}', '**/test-*.ts'],
    rules: { 'import/no-restricted-paths': roomRules('server', { feature })['import/no-restricted-paths'] },
  })),
  // The same in the console: a feature folder (view, parts, hook, calls) imports no other's files;
  // registry.tsx hands one view another feature's part (src/console/view-props.ts). Tests may.
  ...CONSOLE_FEATURES.map((feature) => ({
    files: [`${CONSOLE_FEATURES_DIR}/${feature}/${SOURCES}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': roomRules('console', { feature })['import/no-restricted-paths'] },
  })),
  // SQL lives in a feature's query modules, never in a route file (docs/architecture.md): a route
  // file that calls `db.query` or `tx.query` itself fails lint.
  {
    files: ['src/server/**/routes.ts', 'src/server/**/*-routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...CONTENT_READS,
        ...PATH_LITERALS,
        {
          selector: "CallExpression[callee.property.name='query'][callee.object.name=/^(db|tx|client|pool)$/]",
          message: "SQL lives in the feature's query module, never in a route file (docs/architecture.md).",
        },
      ],
    },
  },
)
