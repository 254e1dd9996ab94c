/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Backend origin (a Supabase project URL); unset: the page's own origin, the self-hosted server. */
  readonly VITE_SUPABASE_URL?: string
  /** Public anon key; unset: the self-hosted server's default key. */
  readonly VITE_SUPABASE_ANON_KEY?: string
}

/** The hero's screenshots, checked and named by the build (src/content/vite-screen-images.ts). */
declare module 'virtual:screen-images' {
  /** By language: its own screenshots (content/screens/<lang>/), else the default's. */
  export const SCREEN_IMAGES: Record<string, readonly import('../shared/screens.ts').ScreenImage[]>
}
