import { parseDocument } from 'yaml'
import type { Problem } from './problems.ts'

/**
 * How many aliases a content file may expand (the `yaml` library's own default, named here): a
 * few hundred bytes of nested aliases (a "billion laughs" file) would otherwise take memory and
 * time without end. Real content uses none or a handful.
 */
const MAX_YAML_ALIASES = 100

/**
 * YAML text as a plain value. What cannot be read (a syntax error, aliases past the limit) is a
 * problem naming the file, never a throw: `content:check` reports every problem at once (issue 37:
 * an alias bomb ended it with a stack trace).
 */
export function yamlValue(text: string, file: string, problems: Problem[]): { value: unknown } | null {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true })
  // The parser goes on after a mistake and reports what follows from it too (one tab in an
  // indentation made 15): the first is the founder's to fix.
  const [first] = doc.errors
  if (first) {
    problems.push({ file, key: '', message: first.message.split('\n')[0]! })
    return null
  }
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) }
  } catch (err) {
    const message =
      err instanceof ReferenceError && /alias/i.test(err.message)
        ? `its aliases (*name) expand too far (more than ${MAX_YAML_ALIASES} uses of one anchor's value): an alias bomb? Write the values out instead`
        : `cannot be read as YAML: ${(err as Error).message.split('\n')[0]}`
    problems.push({ file, key: '', message })
    return null
  }
}
