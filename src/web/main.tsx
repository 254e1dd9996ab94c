import { StrictMode, useEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { App } from './app.tsx'
import './styles.css'

/** Marks <html data-hydrated> once React has taken over the prerendered page (browser tests wait for it). */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return children
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
hydrateRoot(
  root,
  <StrictMode>
    <MarkHydrated>
      <App />
    </MarkHydrated>
  </StrictMode>,
)
