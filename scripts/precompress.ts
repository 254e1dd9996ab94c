// Writes <file>.br and <file>.gz beside every text file of the built page. The server's static
// route (serveStatic with `precompressed: true`) sends them when the browser accepts them, so
// compression costs no CPU per request and the bytes on the wire are the smallest brotli makes.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const TEXT = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml)$/

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (TEXT.test(entry.name)) yield path
  }
}

export type Compressed = { file: string; raw: number; br: number; gz: number }

export async function precompress(dir: string): Promise<Compressed[]> {
  const out: Compressed[] = []
  for await (const file of files(dir)) {
    const body = await readFile(file)
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
    const gz = gzipSync(body, { level: 9 })
    // A compressed copy that is not smaller would only cost the client a decode.
    if (br.length < body.length) await writeFile(`${file}.br`, br)
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz)
    out.push({ file, raw: (await stat(file)).size, br: br.length, gz: gz.length })
  }
  return out
}
