import { DEFAULT_LOCALE, LOCALES } from '../../../shared/content.ts'
import {
  AUDIENCE_LABELS,
  AUDIENCES,
  languageName,
  MESSAGE_LIMITS,
  TRANSLATED_LOCALES,
} from '../../../shared/tester-messages.ts'
import { Button } from '../../../ui/button.tsx'
import type { AudienceCounts } from '../../../shared/tester-messages-contract.ts'
import { plural } from '../../format.ts'
import { MANY_LANGUAGES, useMessageComposer } from './use-message-composer.ts'
import { Card } from '../../components/card.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { MessagePreview } from './message-preview.tsx'
import { FIELD, LabelledField } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'

// Write to a group of the beta list: a starting text, the group with its exact count,
// subject and body (one for everyone, or one per language of the site, each with its preview),
// then a confirmation naming the number of people. docs/decisions/tester-messages-per-language.md

const defaultName = languageName(DEFAULT_LOCALE)
const translatedNames = `${TRANSLATED_LOCALES.map(languageName).join(', ')} version${TRANSLATED_LOCALES.length > 1 ? 's' : ''}`

/** A field's visible label, and the language it is in for those who hear the field without its group. */
function fieldLabel(label: string, language: string) {
  return (
    <>
      {label}
      <span className="sr-only"> in {language}</span>
    </>
  )
}

export function MessageComposer(props: { counts: AudienceCounts | null; stores: { ios: boolean; android: boolean } }) {
  const c = useMessageComposer()
  const { draft } = c
  const reach = props.counts?.[draft.audience]
  const noStore = !props.stores.ios && !props.stores.android
  return (
    <>
      <Card className="mb-4">
        <h2 className="mb-3 font-semibold">Write to a group</h2>
        <div role="group" aria-labelledby="starting-texts" className="mb-4">
          <p id="starting-texts" className="mb-2 text-sm font-medium">
            Start from
          </p>
          <div className="flex flex-wrap gap-2">
            {c.startingTexts.map((t) => (
              <Button key={t.id} variant="secondary" onClick={() => c.start(t)}>
                {t.label}
              </Button>
            ))}
          </div>
        </div>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            c.review()
          }}
        >
          <div className="grid content-start gap-4 lg:grid-cols-2">
            <div className="grid content-start gap-2">
              <LabelledField id="message-audience" label="Send to">
                <select
                  id="message-audience"
                  value={draft.audience}
                  onChange={(e) => c.edit({ audience: e.target.value as typeof draft.audience })}
                  className={`${FIELD} w-full`}
                >
                  {AUDIENCES.map((a) => (
                    <option key={a} value={a}>
                      {AUDIENCE_LABELS[a]}
                      {props.counts ? ` (${props.counts[a].toLocaleString('en-US')})` : ''}
                    </option>
                  ))}
                </select>
              </LabelledField>
              <p className="text-sm" aria-live="polite">
                {reach === undefined
                  ? 'Counting…'
                  : `This message will reach ${plural(reach, 'person', 'people')}. Unsubscribed, suppressed and unconfirmed addresses are left out.`}
              </p>
            </div>
            {MANY_LANGUAGES ? (
              <fieldset className="grid content-start gap-2">
                <legend className="mb-2 text-sm font-medium">Languages</legend>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="message-languages"
                    checked={draft.perLanguage}
                    onChange={() => c.edit({ perLanguage: true })}
                    className="mt-1 size-4"
                  />
                  <span>
                    A text per language ({LOCALES.map(languageName).join(', ')}): each person gets the one in the
                    language they signed up in, {defaultName} when it is not known.
                  </span>
                </label>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="message-languages"
                    checked={!draft.perLanguage}
                    onChange={() => c.edit({ perLanguage: false })}
                    className="mt-1 size-4"
                  />
                  <span>One text for everyone, in an email whose own words are {defaultName}.</span>
                </label>
              </fieldset>
            ) : null}
          </div>
          <p id="message-body-hint" className="text-xs text-fg-muted">
            Plain text. A blank line starts a new paragraph. Links: paste an https:// address, or write
            [words](https://…). Every email also carries the person’s own feedback link and a one-click way off the
            list.
          </p>
          {c.locales.map((locale) => {
            const text = draft.texts[locale]
            const name = languageName(locale)
            const fields = (
              <>
                <LabelledField
                  id={`message-subject-${locale}`}
                  label={draft.perLanguage ? fieldLabel('Subject', name) : 'Subject'}
                >
                  <input
                    id={`message-subject-${locale}`}
                    type="text"
                    lang={locale}
                    value={text.subject}
                    maxLength={MESSAGE_LIMITS.subject}
                    onChange={(e) => c.editText(locale, { subject: e.target.value })}
                    className={`${FIELD} w-full`}
                  />
                </LabelledField>
                <LabelledField
                  id={`message-body-${locale}`}
                  label={draft.perLanguage ? fieldLabel('Message', name) : 'Message'}
                >
                  <textarea
                    id={`message-body-${locale}`}
                    lang={locale}
                    value={text.body}
                    maxLength={MESSAGE_LIMITS.body}
                    rows={10}
                    aria-describedby="message-body-hint"
                    onChange={(e) => c.editText(locale, { body: e.target.value })}
                    className="w-full rounded-xl border border-border-strong bg-surface p-3 text-fg"
                  />
                </LabelledField>
              </>
            )
            return (
              <div key={locale} className="grid gap-4 lg:grid-cols-2">
                {draft.perLanguage ? (
                  <fieldset className="grid content-start gap-4 border-t border-border pt-3">
                    <legend className="float-start mb-1 font-semibold">
                      {name}
                      {locale === DEFAULT_LOCALE ? ' (default language)' : ''}
                    </legend>
                    {fields}
                  </fieldset>
                ) : (
                  <div className="grid content-start gap-4">{fields}</div>
                )}
                <MessagePreview
                  subject={text.subject}
                  body={text.body}
                  storeLinks={draft.storeLinks}
                  appLink={draft.appLink}
                  locale={locale}
                  caption={draft.perLanguage ? `Preview in ${name}` : 'Preview of the email'}
                />
              </div>
            )
          })}
          <div className="grid content-start gap-4">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.storeLinks}
                disabled={noStore}
                onChange={(e) => c.edit({ storeLinks: e.target.checked })}
                className="mt-1 size-4"
              />
              <span>
                Add each invited person’s own store link (opening it is recorded, as with the invitation)
                {noStore ? '. No store link is set (BETA_IOS_URL, BETA_ANDROID_URL).' : ''}
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.appLink}
                onChange={(e) => c.edit({ appLink: e.target.checked })}
                className="mt-1 size-4"
              />
              <span>
                Add each person’s own link to the app (/app: the App Store on an iPhone, Play on Android, the page
                elsewhere; the Launch view counts who opened it)
              </span>
            </label>
            <div>
              <Button type="submit" disabled={reach === 0}>
                {reach === undefined ? 'Send…' : `Send to ${plural(reach, 'person', 'people')}`}
              </Button>
            </div>
            <DoneText message={c.done} />
            <ErrorText message={c.error} />
          </div>
        </form>
      </Card>
      <ConfirmDialog
        open={c.confirming}
        title={`Send to ${plural(reach ?? 0, 'person', 'people')}?`}
        confirmLabel="Send message"
        busy={c.busy}
        onConfirm={() => void c.send()}
        onCancel={() => c.setConfirming(false)}
      >
        <p>
          “{draft.texts[DEFAULT_LOCALE].subject.trim()}”{draft.perLanguage ? ` (and its ${translatedNames})` : ''} goes
          to {AUDIENCE_LABELS[draft.audience].toLowerCase()}: one email each, a few at a time. Nobody gets it twice,
          even if you click again.
        </p>
      </ConfirmDialog>
    </>
  )
}
