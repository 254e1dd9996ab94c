// How the owner CLI reaches the running server that holds the PGlite folder (backup, import):
// a request to its own port on this machine, with a token signed by the owner secret.
import { request } from 'node:http'
import type { Readable } from 'node:stream'
import type { Config } from '../../src/server/config.ts'
import { readSecretFile, secretFilePath } from '../../src/server/owner/keys.ts'
import { signCliToken, type CliAction } from '../../src/server/owner/cli-token.ts'

/** The running server's own address on this machine, from the environment it was started with. */
function serverUrl(config: Config, pathAndQuery: string): string {
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}${pathAndQuery}`
}

async function target(config: Config, action: CliAction, pathAndQuery: string) {
  const secret = await readSecretFile(secretFilePath(config.PGLITE_DIR)!)
  if (!secret)
    throw new Error(
      `the server holds ${config.PGLITE_DIR} but has not written its secret file yet; try again once it answers /healthz`,
    )
  return { url: serverUrl(config, pathAndQuery), authorization: `Bearer ${signCliToken(secret, action)}` }
}

/**
 * Whether the server at this environment's address has opened its database (its /healthz says
 * so only after it wrote the secret file). False when nothing answers there in a second.
 */
export async function serverIsReady(config: Config): Promise<boolean> {
  const res = await fetch(serverUrl(config, '/healthz'), { signal: AbortSignal.timeout(1_000) }).catch(() => null)
  return res?.status === 200
}

/**
 * Sends a file and waits for the answer however long the server works on it (a large import):
 * node:http, because fetch gives up on an answer's headers after five minutes. With its length
 * declared, as a browser's upload is (not chunked).
 */
export async function postFileToServer(
  config: Config,
  action: CliAction,
  pathAndQuery: string,
  file: Readable,
  contentType: string,
  size: number,
): Promise<{ status: number; text: string; url: string }> {
  const { url, authorization } = await target(config, action, pathAndQuery)
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { authorization, 'content-type': contentType, 'content-length': String(size) } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, url }))
        res.on('error', reject)
      },
    )
    req.on('error', (err) =>
      reject(
        new Error(
          `the server holds ${config.PGLITE_DIR}, but ${url} did not answer (${err.message}); run this with the server's PORT and HOST`,
        ),
      ),
    )
    file.on('error', (err) => req.destroy(err))
    file.pipe(req)
  })
}

export async function callServer(
  config: Config,
  action: CliAction,
  pathAndQuery: string,
): Promise<{ res: Response; url: string }> {
  const { url, authorization } = await target(config, action, pathAndQuery)
  const res = await fetch(url, { method: 'POST', headers: { authorization } }).catch((err: Error) => {
    const cause = (err.cause as Error | undefined)?.message ?? err.message
    throw new Error(
      `the server holds ${config.PGLITE_DIR}, but ${url} did not answer (${cause}); run this with the server's PORT and HOST`,
    )
  })
  return { res, url }
}
