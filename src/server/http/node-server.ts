import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Config } from '../config.ts'
import type { Logger } from '../log.ts'
import { answerClientErrors, plainErrorResponse } from './client-error.ts'
import type { FastPath } from './fast-path.ts'
import { connectionBudget, limitConnectionsPerAddress, refusalLog } from './connection-limits.ts'
import { failureLog, fastPathThenApp, guarded, settledListener } from './request-failures.ts'

export type ServerSettings = Pick<
  Config,
  | 'TRUST_PROXY'
  | 'MAX_CONNECTIONS'
  | 'MAX_CONNECTIONS_PER_ADDRESS'
  | 'HTTP_HEADERS_TIMEOUT_MS'
  | 'HTTP_REQUEST_TIMEOUT_MS'
  | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'
> &
  Partial<Pick<Config, 'HOST' | 'DATABASE_POOL_SIZE' | 'DATABASE_ANON_POOL_SIZE' | 'DATABASE_URL'>>

type NodeServerOptions = {
  settings: ServerSettings
  logger: Logger
  /** Security headers for the answers written without the app (client-error.ts). */
  errorHeaders: [string, string][]
  /** The process's open-file limit (connection-limits.ts), for the total connection cap. */
  fileLimit?: number | undefined
  /** The built page from memory (fast-path.ts), tried before the app; what it declines goes to the app. */
  fastPath?: FastPath | undefined
}

/**
 * The HTTP server around the app, with what an exposed Node server needs and its defaults lack:
 * a cap on connections in total (below the descriptor limit) and per client address, short
 * header, request, keep-alive and idle timeouts, and security headers on the answers Node and
 * @hono/node-server write themselves. Not listening yet.
 */
export function createNodeServer(
  fetch: (req: Request, env: unknown) => Response | Promise<Response>,
  options: NodeServerOptions,
): Server & { limits: { maxConnections: number; perAddress: number } } {
  const { settings, logger, errorHeaders } = options
  const badRequest = () => plainErrorResponse(400, errorHeaders)
  // Nothing on the request path outside the app's own error handling may throw into the process.
  const failed = failureLog(logger)
  const listener = getRequestListener(
    (req, env) => {
      const incoming = (env as { incoming: IncomingMessage }).incoming
      // RFC 9112: an HTTP/1.1 request without Host is a 400. Node's own check answers it without
      // our headers, so it is off (requireHostHeader) and done here.
      if (incoming.httpVersion === '1.1' && incoming.headers.host === undefined) return badRequest()
      return fetch(req, env)
    },
    {
      ...(settings.HOST ? { hostname: settings.HOST } : {}),
      // Requests @hono/node-server cannot turn into a Request (an invalid Host header …).
      errorHandler: (err) => {
        if ((err as Error).name === 'RequestError') return badRequest()
        logger.error({ err }, 'request failed before reaching the app')
        return plainErrorResponse(500, errorHeaders)
      },
    },
  )
  const server = createServer(
    {
      requireHostHeader: false,
      headersTimeout: settings.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: settings.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeout: settings.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      // How often Node looks for requests past those timeouts (default 30 s, which let idle
      // sockets live 60–90 s): a quarter of the headers timeout, at most a second.
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(settings.HTTP_HEADERS_TIMEOUT_MS / 4)),
    },
    options.fastPath
      ? fastPathThenApp(options.fastPath, settledListener(listener, failed), failed)
      : settledListener(listener, failed),
  )
  server.keepAliveTimeout = settings.HTTP_KEEP_ALIVE_TIMEOUT_MS
  // A connection with nothing moving either way (a client that stopped reading an answer).
  server.timeout = settings.HTTP_REQUEST_TIMEOUT_MS

  const poolSize = settings.DATABASE_URL
    ? (settings.DATABASE_POOL_SIZE ?? 0) + (settings.DATABASE_ANON_POOL_SIZE ?? 0)
    : 0
  const budget = connectionBudget({ requested: settings.MAX_CONNECTIONS, fileLimit: options.fileLimit, poolSize })
  if (budget.clamped)
    logger.warn(
      { event: 'server.max_connections_clamped', requested: settings.MAX_CONNECTIONS, max: budget.max },
      `MAX_CONNECTIONS is above what the open-file limit (${options.fileLimit}) allows; using ${budget.max}`,
    )
  server.maxConnections = budget.max
  const dropped = refusalLog(logger, 'server.connections_full', 'connections refused: MAX_CONNECTIONS reached')
  server.on(
    'drop',
    guarded('drop', dropped, failed, () => {}),
  )

  // Behind a trusted proxy every connection comes from the proxy: a cap per address would cap
  // the proxy, so it is the proxy's job there (docs/decisions/server-hardening.md).
  const perAddress = settings.TRUST_PROXY === 0 ? settings.MAX_CONNECTIONS_PER_ADDRESS : 0
  if (perAddress > 0)
    limitConnectionsPerAddress(
      server,
      perAddress,
      refusalLog(logger, 'server.address_connections_full', 'connections refused: MAX_CONNECTIONS_PER_ADDRESS reached'),
      (listener) => guarded('connection limit', listener, failed, (socket) => socket.destroy()),
    )

  server.on(
    'clientError',
    guarded('clientError', answerClientErrors(errorHeaders), failed, (_err, socket) => socket.destroy()),
  )
  // Node answers an unknown Expect header with a bare 417.
  const expectation = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(417, [...errorHeaders.flat(), 'Connection', 'close'])
    res.end()
  }
  server.on(
    'checkExpectation',
    guarded('checkExpectation', expectation, failed, (_req, res) => res.destroy()),
  )
  return Object.assign(server, { limits: { maxConnections: budget.max, perAddress } })
}
