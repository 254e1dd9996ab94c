import { createContext } from 'react'
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales.ts'

/**
 * The language of the page an island sits in: the prerender provides the page's (entry-server.tsx),
 * the browser its `<html lang>` (arm-islands.ts), so both render the same markup. The forms name
 * it in their action, so a post without JavaScript is answered in the page's language.
 */
export const PageLocale = createContext<Locale>(DEFAULT_LOCALE)

/** True in the prerender (entry-server.tsx) only: the markup a visitor gets before any script runs. */
export const Prerendering = createContext(false)

/**
 * A form's submit button before React has the form. In the prerender: enabled where a server
 * takes the post (it works without JavaScript), disabled where it does not. In the browser:
 * disabled, as arm-islands.ts has made it when the page's script arrived (the script then holds
 * an Enter until React has the form), so React's first render agrees with the DOM it hydrates.
 * Give the button `suppressHydrationWarning`: the two differ on purpose where a server takes the post.
 */
export function submitBeforeHydration(prerendering: boolean, postsToServer: boolean): boolean {
  return prerendering ? !postsToServer : true
}
