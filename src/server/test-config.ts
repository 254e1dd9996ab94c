import { loadConfig, type Config } from './config.ts'

/**
 * A whole Config as loadConfig makes it from an empty environment (every default in one place,
 * config.ts), with a test's or a tool's own settings on top. createApp takes nothing less.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ STATIC_DIR: '/nonexistent/static-dir' }), ...overrides }
}
