import { COLORS, ScreenSvg, ScreenTitle, TabBar } from './screen-parts.tsx'

const NEXT = [
  { title: 'Homepage mockups', meta: 'Acme Studio · Today, 2:00 PM', color: '#ef4444' },
  { title: 'Logo revisions, round 3', meta: 'Bloom Café · Tomorrow', color: '#f59e0b' },
] as const

export function DashboardScreen({ label, className }: { label: string; className?: string }) {
  return (
    <ScreenSvg id="dashboard" label={label} className={className}>
      <ScreenTitle id="dashboard" title="Hi, Alex" subtitle="Here's your week at a glance" />
      <rect x="16" y="104" width="238" height="112" rx="16" fill="url(#dashboard-accent)" />
      <text x="32" y="130" fontSize="10.5" fill="#e0e7ff">
        Earned in June
      </text>
      <text x="32" y="164" fontSize="30" fontWeight="700" fill="#fff">
        $8,420
      </text>
      <rect x="32" y="178" width="78" height="20" rx="10" fill="#ffffff" fillOpacity="0.18" />
      <text x="71" y="191.5" fontSize="9.5" fontWeight="600" fill="#fff" textAnchor="middle">
        +18% vs May
      </text>
      <path
        d="M150 196 L168 184 L184 188 L200 166 L216 172 L236 142"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="236" cy="142" r="3.5" fill="#fff" />
      {[
        { x: 16, label: 'Active clients', value: '12', note: '+2 this month', noteColor: '#15803d' },
        { x: 139, label: 'Due this week', value: '7 tasks', note: '3 high priority', noteColor: '#b45309' },
      ].map((tile) => (
        <g key={tile.label}>
          <rect x={tile.x} y="228" width="115" height="78" rx="14" fill="#fff" stroke="#e2e8f0" />
          <text x={tile.x + 14} y="250" fontSize="9.5" fill={COLORS.MUTED}>
            {tile.label}
          </text>
          <text x={tile.x + 14} y="277" fontSize="20" fontWeight="700" fill={COLORS.INK}>
            {tile.value}
          </text>
          <text x={tile.x + 14} y="294" fontSize="8.5" fontWeight="600" fill={tile.noteColor}>
            {tile.note}
          </text>
        </g>
      ))}
      <rect x="16" y="318" width="238" height="48" rx="14" fill="#fef2f2" stroke="#fecaca" />
      <circle cx="36" cy="342" r="9" fill="#fee2e2" />
      <path d="M36 337 v5.5 M36 346 v0.5" stroke="#b91c1c" strokeWidth="2" strokeLinecap="round" />
      <text x="52" y="339" fontSize="10.5" fontWeight="600" fill="#b91c1c">
        Overdue
      </text>
      <text x="52" y="354" fontSize="9" fill="#7f1d1d">
        2 invoices need a nudge
      </text>
      <text x="240" y="347" fontSize="14" fontWeight="700" fill="#b91c1c" textAnchor="end">
        $1,250
      </text>
      <text x="20" y="394" fontSize="12" fontWeight="700" fill={COLORS.INK}>
        Next up
      </text>
      <text x="250" y="394" fontSize="10" fontWeight="600" fill={COLORS.ACCENT} textAnchor="end">
        See all
      </text>
      {NEXT.map((item, i) => {
        const y = 406 + i * 56
        return (
          <g key={item.title}>
            <rect x="16" y={y} width="238" height="48" rx="12" fill="#fff" stroke="#e2e8f0" />
            <rect x="28" y={y + 12} width="4" height="24" rx="2" fill={item.color} />
            <text x="42" y={y + 21} fontSize="11.5" fontWeight="600" fill={COLORS.INK}>
              {item.title}
            </text>
            <text x="42" y={y + 36} fontSize="9" fill={COLORS.MUTED}>
              {item.meta}
            </text>
          </g>
        )
      })}
      <TabBar active="Home" />
    </ScreenSvg>
  )
}
