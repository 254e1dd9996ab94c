import { COLORS, Pill, ScreenSvg, ScreenTitle, TabBar } from './screen-parts.tsx'

const OPEN = [
  { title: 'Homepage mockups', meta: 'Acme Studio · Today, 2 PM', priority: 'High', bell: true },
  { title: 'Invoice follow-up', meta: 'Northwind · Remind 4 PM', priority: 'High', bell: true },
  { title: 'Logo revisions', meta: 'Bloom Café · Tomorrow', priority: 'Medium', bell: false },
] as const
const DONE = ['Kick-off call, Jordan', 'Fieldnote proposal'] as const

export function TasksScreen({ label, className }: { label: string; className?: string }) {
  return (
    <ScreenSvg id="tasks" label={label} className={className}>
      <ScreenTitle id="tasks" title="Tasks" subtitle="Tuesday, June 17 · 3 open" />
      <rect x="20" y="102" width="64" height="26" rx="13" fill={COLORS.ACCENT} />
      <text x="52" y="119" fontSize="10.5" fontWeight="600" fill="#fff" textAnchor="middle">
        Today
      </text>
      <rect x="90" y="102.5" width="76" height="25" rx="12.5" fill="#fff" stroke="#e2e8f0" />
      <text x="128" y="119" fontSize="10.5" fill={COLORS.MUTED} textAnchor="middle">
        Upcoming
      </text>
      <rect x="172" y="102.5" width="54" height="25" rx="12.5" fill="#fff" stroke="#e2e8f0" />
      <text x="199" y="119" fontSize="10.5" fill={COLORS.MUTED} textAnchor="middle">
        Done
      </text>
      {OPEN.map((task, i) => {
        const y = 142 + i * 64
        return (
          <g key={task.title}>
            <rect x="16" y={y} width="238" height="56" rx="12" fill="#fff" stroke="#e2e8f0" />
            <circle cx="37" cy={y + 28} r="8" fill="none" stroke="#cbd5e1" strokeWidth="1.6" />
            <text x="54" y={y + 24} fontSize="11.5" fontWeight="600" fill={COLORS.INK}>
              {task.title}
            </text>
            <text x="54" y={y + 41} fontSize="9" fill={COLORS.MUTED}>
              {task.meta}
            </text>
            <Pill x={204} y={y + 10} width={task.priority === 'High' ? 38 : 44} kind={task.priority} />
            {task.bell && (
              <path
                d={`M${236} ${y + 46} a4 4 0 0 1 -6 0 M${227} ${y + 43} h12 l-2 -2.5 v-3.5 a4 4 0 0 0 -8 0 v3.5 z`}
                fill="none"
                stroke="#a5b4fc"
                strokeWidth="1.3"
                strokeLinejoin="round"
              />
            )}
          </g>
        )
      })}
      <text x="20" y="352" fontSize="10" fontWeight="600" fill={COLORS.MUTED}>
        COMPLETED · 2
      </text>
      {DONE.map((title, i) => {
        const y = 362 + i * 52
        return (
          <g key={title}>
            <rect x="16" y={y} width="238" height="44" rx="12" fill="#fff" stroke="#eef2f7" />
            <circle cx="37" cy={y + 22} r="8" fill={COLORS.ACCENT} />
            <path d={`M33.5 ${y + 22} l2.5 2.5 l4.5 -5`} fill="none" stroke="#fff" strokeWidth="1.8" />
            <text x="54" y={y + 26} fontSize="11.5" fill="#94a3b8" textDecoration="line-through">
              {title}
            </text>
          </g>
        )
      })}
      <circle cx="228" cy="492" r="21" fill={`url(#tasks-accent)`} />
      <path d="M228 484 v16 M220 492 h16" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <TabBar active="Tasks" />
    </ScreenSvg>
  )
}
