import { COLORS, Pill, ScreenSvg, ScreenTitle, TabBar } from './screen-parts.tsx'

const MONTHS = [
  ['Jan', 40],
  ['Feb', 54],
  ['Mar', 46],
  ['Apr', 66],
  ['May', 58],
  ['Jun', 78],
] as const

const INVOICES = [
  { title: 'Acme Studio', meta: '#1045 · Paid Jun 12', amount: '$2,400', status: 'Paid' },
  { title: 'Bloom Café', meta: '#1044 · Due Jun 28', amount: '$850', status: 'Pending' },
  { title: 'Northwind', meta: '#1042 · 9 days late', amount: '$1,250', status: 'Overdue' },
  { title: 'Fieldnote', meta: '#1041 · Paid Jun 3', amount: '$3,100', status: 'Paid' },
] as const

export function PaymentsScreen({ label, className }: { label: string; className?: string }) {
  return (
    <ScreenSvg id="payments" label={label} className={className}>
      <ScreenTitle id="payments" title="Payments" subtitle="June 2025" />
      {[
        { x: 16, label: 'Paid this year', value: '$24,180', note: '18 invoices', dot: '#22c55e', color: COLORS.INK },
        { x: 139, label: 'Overdue', value: '$1,250', note: '2 invoices', dot: '#ef4444', color: '#b91c1c' },
      ].map((tile) => (
        <g key={tile.label}>
          <rect x={tile.x} y="102" width="115" height="70" rx="14" fill="#fff" stroke="#e2e8f0" />
          <circle cx={tile.x + 17} cy="120" r="3.5" fill={tile.dot} />
          <text x={tile.x + 26} y="123.5" fontSize="9.5" fill={COLORS.MUTED}>
            {tile.label}
          </text>
          <text x={tile.x + 14} y="147" fontSize="18" fontWeight="700" fill={tile.color}>
            {tile.value}
          </text>
          <text x={tile.x + 14} y="162" fontSize="8.5" fill={COLORS.MUTED}>
            {tile.note}
          </text>
        </g>
      ))}
      <rect x="16" y="184" width="238" height="124" rx="14" fill="#fff" stroke="#e2e8f0" />
      <text x="30" y="205" fontSize="11" fontWeight="700" fill={COLORS.INK}>
        Earnings
      </text>
      <text x="240" y="205" fontSize="9" fill={COLORS.MUTED} textAnchor="end">
        Last 6 months
      </text>
      {MONTHS.map(([month, value], i) => {
        const x = 38 + i * 35
        const last = i === MONTHS.length - 1
        return (
          <g key={month}>
            <rect
              x={x}
              y={288 - value}
              width="20"
              height={value}
              rx="5"
              fill={last ? 'url(#payments-accent)' : '#c7d2fe'}
            />
            <text x={x + 10} y="300" fontSize="8.5" fill={last ? COLORS.ACCENT : COLORS.MUTED} textAnchor="middle">
              {month}
            </text>
          </g>
        )
      })}
      <text x="20" y="334" fontSize="12" fontWeight="700" fill={COLORS.INK}>
        Invoices
      </text>
      {INVOICES.map((invoice, i) => {
        const y = 344 + i * 45
        return (
          <g key={invoice.title}>
            <rect x="16" y={y} width="238" height="39" rx="11" fill="#fff" stroke="#e2e8f0" />
            <text x="28" y={y + 17} fontSize="10.5" fontWeight="600" fill={COLORS.INK}>
              {invoice.title}
            </text>
            <text x="28" y={y + 30} fontSize="8.5" fill={invoice.status === 'Overdue' ? '#b91c1c' : COLORS.MUTED}>
              {invoice.meta}
            </text>
            <text x="188" y={y + 23.5} fontSize="11" fontWeight="700" fill={COLORS.INK} textAnchor="end">
              {invoice.amount}
            </text>
            <Pill x={196} y={y + 11.5} width={48} kind={invoice.status} />
          </g>
        )
      })}
      <TabBar active="Payments" />
    </ScreenSvg>
  )
}
