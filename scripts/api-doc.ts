// Writes docs/api/openapi.json, the OpenAPI 3.1 description of /api/v1, from the zod schemas the
// server answers with (src/server/features/api-tokens/openapi.ts). `npm run api:doc`;
// src/server/features/api-tokens/api.test.ts fails when the file is not what this script writes.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { openApiText } from '../src/server/features/api-tokens/openapi.ts'

export const OPENAPI_PATH = fileURLToPath(new URL('../docs/api/openapi.json', import.meta.url))

/** The file as the repository keeps it: generated, then formatted by prettier with the project's settings. */
export async function formattedOpenApi(): Promise<string> {
  return format(openApiText(), { ...(await resolveConfig(OPENAPI_PATH)), parser: 'json' })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OPENAPI_PATH, await formattedOpenApi())
}
