import type { ReactNode } from 'react'
import { SCREEN } from '../../../shared/screens.ts'

const INK = '#0f172a'
const MUTED = '#64748b'
const ACCENT = '#4f46e5'

/**
 * One app screen, drawn inline in the hero as a picture (role="img" with `label` as its name), so
 * the first view paints from the document alone. `text-rendering="geometricPrecision"`
 * makes Blink lay the text out at its authored size and scale the glyphs, instead of making a font
 * of the size each text has on screen: the screens are drawn at different sizes, and every font
 * size is one synchronous request to the browser process inside a layout (34 of the page's 49 on
 * load; 19 now, shared by the three screens). It also overrides the body's optimizeLegibility;
 * screenshots differ from `auto` only in anti-aliasing.
 */
export function ScreenSvg({
  id,
  label,
  className,
  children,
}: {
  id: string
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <svg
      role="img"
      aria-label={label}
      data-screen={id}
      className={className}
      viewBox={`0 0 ${SCREEN.width} ${SCREEN.height}`}
      width={SCREEN.width}
      height={SCREEN.height}
      textRendering="geometricPrecision"
    >
      <defs>
        <linearGradient id={`${id}-accent`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#9333ea" />
        </linearGradient>
      </defs>
      <rect width={SCREEN.width} height={SCREEN.height} fill="#f8fafc" />
      <StatusBar />
      {children}
    </svg>
  )
}

function StatusBar() {
  return (
    <g fill={INK}>
      <text x="24" y="27" fontSize="12" fontWeight="600">
        9:41
      </text>
      <rect x="196" y="19" width="3" height="8" rx="1" />
      <rect x="201" y="17" width="3" height="10" rx="1" />
      <rect x="206" y="15" width="3" height="12" rx="1" />
      <path d="M215 20 a9 9 0 0 1 12 0 M218 23 a4.5 4.5 0 0 1 6 0" stroke={INK} strokeWidth="1.6" fill="none" />
      <rect x="232" y="16" width="20" height="11" rx="3" fill="none" stroke={INK} strokeWidth="1.2" />
      <rect x="234" y="18" width="14" height="7" rx="1.5" />
    </g>
  )
}

export function ScreenTitle({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <g>
      <text x="20" y="70" fontSize="22" fontWeight="700" fill={INK}>
        {title}
      </text>
      <text x="20" y="88" fontSize="11" fill={MUTED}>
        {subtitle}
      </text>
      <circle cx="236" cy="64" r="15" fill={`url(#${id}-accent)`} />
      <text x="236" y="68.5" fontSize="11" fontWeight="700" fill="#fff" textAnchor="middle">
        AR
      </text>
    </g>
  )
}

const TABS = ['Home', 'Clients', 'Tasks', 'Payments', 'Notes'] as const
type Tab = (typeof TABS)[number]

const TAB_ICONS: Record<Tab, ReactNode> = {
  Home: <path d="M-6 0 L0 -6 L6 0 V6 H-6 Z" />,
  Clients: (
    <>
      <circle cx="0" cy="-2.5" r="3" />
      <path d="M-6 6.5 a6 5 0 0 1 12 0" />
    </>
  ),
  Tasks: (
    <>
      <rect x="-5.5" y="-5.5" width="11" height="11" rx="2.5" />
      <path d="M-2.5 0 l2 2 l3.5 -4" />
    </>
  ),
  Payments: (
    <>
      <rect x="-6.5" y="-4.5" width="13" height="9" rx="2" />
      <path d="M-6.5 -1 H6.5" />
    </>
  ),
  Notes: (
    <>
      <rect x="-5" y="-6" width="10" height="12" rx="1.5" />
      <path d="M-2.5 -2 H2.5 M-2.5 1 H2.5" />
    </>
  ),
}

export function TabBar({ active }: { active: Tab }) {
  return (
    <g>
      <rect y="528" width={SCREEN.width} height="57" fill="#fff" />
      <path d="M0 528.5 H270" stroke="#e2e8f0" />
      {TABS.map((tab, i) => {
        const x = 27 + i * 54
        const color = tab === active ? ACCENT : '#94a3b8'
        return (
          <g key={tab}>
            <g
              transform={`translate(${x} 545)`}
              fill="none"
              stroke={color}
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {TAB_ICONS[tab]}
            </g>
            <text x={x} y="566" fontSize="8.5" fontWeight={tab === active ? 600 : 400} fill={color} textAnchor="middle">
              {tab}
            </text>
          </g>
        )
      })}
      <rect x="95" y="575" width="80" height="4" rx="2" fill={INK} />
    </g>
  )
}

const PILL_COLORS = {
  High: ['#fee2e2', '#b91c1c'],
  Medium: ['#fef3c7', '#b45309'],
  Low: ['#dcfce7', '#15803d'],
  Paid: ['#dcfce7', '#15803d'],
  Pending: ['#fef3c7', '#b45309'],
  Overdue: ['#fee2e2', '#b91c1c'],
} as const

export function Pill({ x, y, width, kind }: { x: number; y: number; width: number; kind: keyof typeof PILL_COLORS }) {
  const [bg, fg] = PILL_COLORS[kind]
  return (
    <g>
      <rect x={x} y={y} width={width} height="16" rx="8" fill={bg} />
      <text x={x + width / 2} y={y + 11.2} fontSize="8.5" fontWeight="600" fill={fg} textAnchor="middle">
        {kind}
      </text>
    </g>
  )
}

export const COLORS = { INK, MUTED, ACCENT } as const
