// The owner console's views, in the navigation's order, each at its own address
// (`/admin/<id>`, paths.console.href): the server serves the console there, the console picks
// the view from it, and emails link to it. A new view is a line here and one in
// src/console/registry.tsx.

export const CONSOLE_VIEWS = [
  { id: 'signups', label: 'Sign-ups' },
  { id: 'launch', label: 'Launch' },
  { id: 'invitations', label: 'Invitations' },
  { id: 'messages', label: 'Messages' },
  { id: 'feedback', label: 'Feedback' },
  { id: 'inbox', label: 'Inbox' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'sessions', label: 'Sessions' },
] as const

export type ConsoleViewId = (typeof CONSOLE_VIEWS)[number]['id']

/** The view a path under the console names (`/admin/inbox`, `/admin/inbox/`); undefined for any other path. */
export function consoleViewAt(pathname: string): ConsoleViewId | undefined {
  const id = /^\/admin\/([a-z-]+)\/?$/.exec(pathname)?.[1]
  return CONSOLE_VIEWS.find((v) => v.id === id)?.id
}
