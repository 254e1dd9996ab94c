import { BetaSignup } from '../../../shared/beta-signup.ts'
import type { RestTable } from '../../http/postgrest/tables.ts'

/** public.beta_signups as the PostgREST emulation serves it: the sign-up's insert. */
export const BETA_SIGNUPS: RestTable = {
  name: 'beta_signups',
  columns: [
    'id',
    'email',
    'website',
    'unsubscribe_token',
    'created_at',
    'confirmed_at',
    'platform',
    'status',
    'platform_token',
    'invite_token',
    'invited_at',
    'invitation_links',
    'opened_at',
    'feedback_token',
    // The suppression flag, and a welcome the unverified budget withheld.
    'suppressed',
    'welcome_withheld_at',
    'source',
    'source_medium',
    'source_campaign',
    'source_device',
    'source_os',
    'locale',
    // Each person's own /app link and its first opening (issue 43).
    'app_token',
    'app_opened_at',
  ],
  insertable: [
    'email',
    'website',
    'source',
    'source_medium',
    'source_campaign',
    'source_device',
    'source_os',
    'locale',
    'platform',
  ],
  schema: BetaSignup,
}
