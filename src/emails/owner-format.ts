// How the owner's emails write times, days and counts: in the default language (the owner's, as
// their words: owner-parts.tsx), with its region's month names and digits (docs/decisions/languages.md).
import { DEFAULT_LOCALE } from '../shared/content.ts'
import { longDate } from '../shared/locale-tags.ts'
import { intlLocale } from '../shared/locales.ts'

const ownerIntl = () => intlLocale(DEFAULT_LOCALE)

/**
 * A moment as the owner's language writes it, in UTC (an email cannot know its reader's zone):
 * `Dec 2, 2026, 5:40 AM UTC` (en), `02.12.2026, 05:40 UTC` (de), `٠٢‏/١٢‏/٢٠٢٦، ٥:٤٠ ص UTC` (ar-JO). The owner's subjects carry it, so
 * messages on one topic do not fold into one thread.
 */
export function ownerTime(at: string | number | Date): string {
  const format = new Intl.DateTimeFormat(ownerIntl(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
  return `${format.format(new Date(at))} UTC`
}

/** A day (`YYYY-MM-DD`, UTC) in full, as the owner's language writes it. */
export const ownerDay = (day: string): string => longDate(ownerIntl(), day)

/** A count in the owner's language's digits. */
export const ownerNumber = (n: number): string => new Intl.NumberFormat(ownerIntl()).format(n)
