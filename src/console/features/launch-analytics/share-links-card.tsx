import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../components/card.tsx'
import { SOURCE_LIMITS } from '../../../shared/limits.ts'
import { FIELD, LabelledField } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'
import type { ShareChannel } from '../../../shared/launch-analytics.ts'
import { call } from '../../api.ts'
import { useActions } from '../../queries.ts'
import type { ChannelTarget } from '../../../shared/launch-analytics.ts'

/**
 * Share links: a link per channel that strips referrers and UTMs (in-app browsers, a bio, a
 * newsletter). /go/<name> sends the visitor to the page with the channel as its source.
 */
export function ShareLinksCard({ channels }: { channels: ShareChannel[] }) {
  const [name, setName] = useState('')
  const [source, setSource] = useState('')
  const [medium, setMedium] = useState('')
  const [target, setTarget] = useState<ChannelTarget>('page')
  // Saving or removing a link: the last one's outcome shows, and the report (its channels) reads again.
  const action = useActions(['launch'])
  const done = action.data ?? null
  const error = action.error?.message ?? null

  function save(e: FormEvent) {
    e.preventDefault()
    action.mutate(
      async () => {
        const made = await call('saveChannel', { name, source: source || name, medium, target })
        return made.created ? `Made ${location.origin}/go/${name.trim().toLowerCase()}` : 'Link changed'
      },
      {
        onSuccess: () => {
          setName('')
          setSource('')
          setMedium('')
          setTarget('page')
        },
      },
    )
  }

  function remove(channel: string) {
    action.mutate(async () => (await call('deleteChannel', { id: channel }), `Removed /go/${channel}`))
  }

  return (
    <Card labelledBy="share-links-heading" className="min-w-0">
      <h2 id="share-links-heading" className="mb-2 font-semibold">
        Share links
      </h2>
      <p className="mb-3 text-sm">
        For channels that hide where visitors come from (Instagram and TikTok in-app browsers, a bio, a newsletter):
        share <code>/go/name</code>, and its visits count for that source. Once the app is in a store, a link can lead
        to <code>/app</code>: the App Store on an iPhone, Play on Android, the page elsewhere.
      </p>
      {channels.length ? (
        <ul className="mb-3 grid gap-2 text-sm">
          {channels.map((c) => (
            <li key={c.name} className="flex flex-wrap items-center justify-between gap-2">
              <span className="[overflow-wrap:anywhere]">
                <code>{`${location.origin}/go/${c.name}`}</code> → {c.target === 'app' ? '/app, ' : ''}
                {c.source}
                {c.medium ? ` (${c.medium})` : ''}, opened {c.opens.toLocaleString('en-US')}×
              </span>
              <Button variant="secondary" onClick={() => void remove(c.name)} aria-label={`Remove /go/${c.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void save(e)}>
        <LabelledField id="share-name" label="Link name">
          <input
            id="share-name"
            className={FIELD}
            required
            maxLength={SOURCE_LIMITS.channelName}
            pattern="[A-Za-z0-9][A-Za-z0-9\-]*"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="instagram-bio"
          />
        </LabelledField>
        <LabelledField id="share-source" label="Source">
          <input
            id="share-source"
            className={FIELD}
            maxLength={SOURCE_LIMITS.source}
            value={source}
            onChange={(e) => setSource(e.target.value)}
            placeholder="Instagram"
          />
        </LabelledField>
        <LabelledField id="share-medium" label="Medium (optional)">
          <input
            id="share-medium"
            className={FIELD}
            maxLength={SOURCE_LIMITS.source}
            value={medium}
            onChange={(e) => setMedium(e.target.value)}
            placeholder="social"
          />
        </LabelledField>
        <LabelledField id="share-target" label="Leads to">
          <select
            id="share-target"
            className={FIELD}
            value={target}
            onChange={(e) => setTarget(e.target.value === 'app' ? 'app' : 'page')}
          >
            <option value="page">The page</option>
            <option value="app">The app (/app)</option>
          </select>
        </LabelledField>
        <Button type="submit">Make link</Button>
      </form>
      <ErrorText message={error} />
      <DoneText message={done} className="mt-2" />
    </Card>
  )
}
