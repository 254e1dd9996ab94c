// Keys content/ once had, and where each lives now, so an older site.yaml is told where to move a
// key rather than that it is a typo. `[]` stands for any index of a list. One line per rename:
// add one whenever the schema moves a key.
const RENAMED_KEYS: Record<string, string> = {
  'links.stores': 'stores',
  'screens[].caption': 'texts.hero.screens[].caption',
  'screens[].alt': 'texts.hero.screens[].alt',
}

/** Where a key that is no longer known now lives (its list index carried over), or null. */
export function movedKey(key: string): string | null {
  const index = /\[(\d+)\]/.exec(key)?.[1]
  const moved = RENAMED_KEYS[key.replace(/\[\d+\]/g, '[]')]
  if (!moved) return null
  return index === undefined ? moved : moved.replace('[]', `[${index}]`)
}
