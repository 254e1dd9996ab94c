import { Hono } from 'hono'
import type { PersonData } from '../../../shared/data-access.ts'
import { addressHash, audit } from '../../owner/audit.ts'
import type { OwnerDeps } from '../../owner/deps.ts'
import type { OwnerEnv } from '../../owner/deps.ts'
import { endpointAnswer, endpointInput } from '../../http/console-endpoint.ts'
import type { PersonSource } from '../../person-data.ts'
import { personEraser } from './erase.ts'
import { personData } from './queries.ts'
import { endpoints, routePath } from '../../../shared/console-endpoints.ts'

// "Download data", the answer to a person's access request, audited as an access; and
// erasure, which reads the same list of tables: every feature's person-data sources, in
// erasure's order (the `personData` port, src/server/person-data.ts).

const ABOUT =
  'Every row about this mailbox kept by the beta list: sign-up, phone choice and Google account for Google Play, ' +
  'invitation, answers, contact messages, and the emails sent with their kind and time (not their content). ' +
  'The links\u2019 secret tokens are left out.'

export function adminDataAccessRoutes(
  deps: Pick<OwnerDeps, 'db' | 'secret' | 'transport'>,
  sources: readonly PersonSource[],
): Hono<OwnerEnv> {
  const app = new Hono<OwnerEnv>()
  const erasePerson = personEraser(sources)

  app.post(routePath(endpoints.erase), async (c) => {
    const { email } = await endpointInput(c, 'erase')
    return endpointAnswer(
      c,
      'erase',
      await erasePerson(deps.db, await deps.secret(), c.get('session').email, email, deps.transport),
    )
  })

  app.get(routePath(endpoints.personData), async (c) => {
    const { email } = await endpointInput(c, 'personData')
    const tables = await personData(deps.db, sources, email)
    const rows = Object.fromEntries(Object.entries(tables).map(([t, list]) => [t, list.length]))
    // Who was looked up, as erasure names them: a keyed hash, never the address.
    await audit(deps.db, c.get('session').email, 'person.access', {
      person: addressHash(await deps.secret(), email),
      rows,
    })
    const exportedAt = new Date().toISOString()
    const body: PersonData = { email, exportedAt, about: ABOUT, tables }
    return new Response(JSON.stringify(body, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="person-data-${exportedAt.slice(0, 10)}.json"`,
        'Cache-Control': 'no-store',
      },
    })
  })

  return app
}
