import { RUNTIME_PLACEHOLDERS } from '../shared/content-types.ts'
import { fillIsolated } from '../shared/direction.ts'
import type { Problem } from './problems.ts'

/**
 * `{name}` in any text is replaced by the value of that name; a name without a value is a
 * problem, so a typo never reaches the page as literal braces. A value of the other direction than
 * the text's (a Latin name in an Arabic sentence) is isolated where it is inserted (fillIsolated).
 */
export type Placeholders = Readonly<Record<string, string>>

export function fillText(
  text: string,
  values: Placeholders,
  at: Omit<Problem, 'message'>,
  problems: Problem[],
): string {
  return fillIsolated(text, (name) => {
    const value = values[name]
    if (value !== undefined) return value
    // Filled when the text is shown (a page's phone, a wait): kept as written.
    if (!(RUNTIME_PLACEHOLDERS as readonly string[]).includes(name))
      problems.push({ ...at, message: `placeholder {${name}} has no value (known: ${Object.keys(values).join(', ')})` })
    return undefined
  })
}

/** Every string inside `value`, filled; keys are reported as dotted paths below `key`. */
export function fillAll<T>(value: T, values: Placeholders, file: string, key: string, problems: Problem[]): T {
  if (typeof value === 'string') return fillText(value, values, { file, key }, problems) as T
  if (Array.isArray(value)) return value.map((item, i) => fillAll(item, values, file, `${key}[${i}]`, problems)) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fillAll(v, values, file, key ? `${key}.${k}` : k, problems)]),
    ) as T
  return value
}
