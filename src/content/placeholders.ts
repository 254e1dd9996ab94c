import type { Problem } from './problems.ts'

/**
 * `{name}` in any text is replaced by the value of that name; a name without a value is a
 * problem, so a typo never reaches the page as literal braces.
 */
export type Placeholders = Readonly<Record<string, string>>

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g

export function fillText(
  text: string,
  values: Placeholders,
  at: Omit<Problem, 'message'>,
  problems: Problem[],
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name]
    if (value !== undefined) return value
    problems.push({ ...at, message: `placeholder {${name}} has no value (known: ${Object.keys(values).join(', ')})` })
    return whole
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
