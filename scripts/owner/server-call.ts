// How the owner CLI reaches the running server that holds the PGlite folder (backup, import):
// a request to its own port on this machine, with a token signed by the owner secret.
import type { Config } from '../../src/server/config.ts'
import { readSecretFile, secretFilePath } from '../../src/server/owner/keys.ts'
import { signCliToken, type CliAction } from '../../src/server/features/backups/cli-token.ts'

export async function callServer(
  config: Config,
  action: CliAction,
  pathAndQuery: string,
  init: { body?: ReadableStream<Uint8Array> | undefined; headers?: Record<string, string> } = {},
): Promise<{ res: Response; url: string }> {
  const secret = await readSecretFile(secretFilePath(config.PGLITE_DIR)!)
  if (!secret)
    throw new Error(
      `the server holds ${config.PGLITE_DIR} but has not written its secret file yet; try again once it answers /healthz`,
    )
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}${pathAndQuery}`
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...init.headers, authorization: `Bearer ${signCliToken(secret, action)}` },
    ...(init.body ? { body: init.body, duplex: 'half' } : {}),
  } as RequestInit).catch((err: Error) => {
    const cause = (err.cause as Error | undefined)?.message ?? err.message
    throw new Error(
      `the server holds ${config.PGLITE_DIR}, but ${url} did not answer (${cause}); run this with the server's PORT and HOST`,
    )
  })
  return { res, url }
}
