import { StrictMode, type ReactElement } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { App } from './app.tsx'
import { DashboardScreen } from './sections/screens/dashboard-screen.tsx'
import { PaymentsScreen } from './sections/screens/payments-screen.tsx'
import type { ScreenId } from './sections/screens/screen-files.ts'
import { TasksScreen } from './sections/screens/tasks-screen.tsx'

/** The page's markup for the prerender (scripts/prerender.ts); main.tsx hydrates it. */
export function render(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

const SCREENS: Record<ScreenId, () => ReactElement> = {
  tasks: TasksScreen,
  payments: PaymentsScreen,
  dashboard: DashboardScreen,
}

/** The hero's app screens as standalone SVG documents, one per screen id. */
export function renderScreens(): Record<ScreenId, string> {
  const entries = Object.entries(SCREENS).map(([id, Screen]) => [id, renderToStaticMarkup(<Screen />)])
  return Object.fromEntries(entries) as Record<ScreenId, string>
}
