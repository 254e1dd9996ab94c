import { Hono, type Context } from 'hono'
import type { Db } from '../../db/db.ts'
import { insertRow, probeAsAnon } from './queries.ts'
import type { RestRegistration } from './tables.ts'
import { ApiError, apiError, fromPgError } from '../../../shared/http/errors.ts'
import { readJsonBody } from '../json-body.ts'
import { validate } from '../../../shared/http/validation.ts'

/**
 * The PostgREST subset the page uses: anon inserts into the tables the features register
 * (http/postgrest/tables.ts). Everything else a client may try gets the answer PostgREST would
 * give the anon role; reads and changes are refused by the database itself (see queries.ts),
 * never by a rule here.
 */
export function restRoutes(db: Db, registrations: readonly RestRegistration[]): Hono {
  const app = new Hono()
  const byName = new Map(registrations.map((r) => [r.table.name, r]))

  app.all('/:table', async (c) => {
    const name = c.req.param('table')
    const registered = byName.get(name)
    if (!registered) {
      throw apiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`)
    }
    const { table } = registered
    const method = c.req.method
    try {
      if (method === 'POST' && !/resolution=/.test(c.req.header('prefer') ?? '')) return await insert(c, db, registered)
      if (method === 'GET' || method === 'HEAD') await probeAsAnon(db, table, 'select')
      else if (method === 'PATCH' || method === 'PUT' || method === 'POST') await probeAsAnon(db, table, 'update')
      else if (method === 'DELETE') await probeAsAnon(db, table, 'delete')
      else throw apiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
    } catch (err) {
      throw err instanceof ApiError ? err : fromPgError(err)
    }
    // The database allowed what anon must never do: refuse rather than serve it.
    throw new Error(`anon was allowed to ${method} public.${name}; check the grants`)
  })

  app.all('/rpc/:fn', (c) => {
    throw apiError(
      404,
      'PGRST202',
      `Could not find the function public.${c.req.param('fn')} without parameters in the schema cache`,
    )
  })
  app.all('*', () => {
    throw apiError(404, 'PGRST125', 'Invalid path specified in request URL')
  })
  return app
}

async function insert(c: Context, db: Db, registered: RestRegistration): Promise<Response> {
  const body = await readJsonBody(c)
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
    throw apiError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'The body must be a JSON object, or an array of one object.',
    )
  }
  // One row per request: the page never sends more, and a bulk insert is a bot's shortcut.
  if (rows.length > 1) throw apiError(400, 'PGRST102', 'Only one row may be inserted per request.')
  const prefer = c.req.header('prefer') ?? ''
  const returning = /return=(representation|headers-only)/.test(prefer)
  const row = rows[0] as Record<string, unknown> | undefined
  if (row) await storeRow(c, db, registered, row, { returning })
  c.header('Content-Range', '*/*')
  if (/return=minimal/.test(prefer)) c.header('Preference-Applied', 'return=minimal')
  return c.body(null, 201)
}

/**
 * One row as a client sent it, checked and inserted as anon: the REST insert's whole rule, which
 * the page's forms posted without JavaScript and the owner's API go through too.
 * Throws the ApiError PostgREST would answer; returns the row as validated (the address trimmed).
 */
export async function storeRow(
  c: Context,
  db: Db,
  registered: RestRegistration,
  row: Record<string, unknown>,
  options: { returning?: boolean } = {},
): Promise<Record<string, unknown>> {
  const { table: info, enrich } = registered
  const table = info.name
  const unknown = Object.keys(row).find((k) => !info.columns.includes(k))
  if (unknown !== undefined) {
    throw apiError(400, 'PGRST204', `Could not find the '${unknown}' column of '${table}' in the schema cache`)
  }
  // Known columns anon may not write (id, created_at …): refused here with the answer the
  // database gives behind PostgREST, so that no unvalidated value ever reaches a query.
  if (Object.keys(row).some((k) => !info.insertable.includes(k))) {
    throw apiError(401, '42501', `permission denied for table ${table}`)
  }
  const valid = validate(info.schema, row)
  // The owning feature's own columns (a sign-up's source), from the request.
  const enriched = enrich ? { ...valid, ...(await enrich(c, valid)) } : valid
  try {
    await insertRow(db, info, enriched, options)
  } catch (err) {
    throw err instanceof ApiError ? err : fromPgError(err)
  }
  return valid
}
