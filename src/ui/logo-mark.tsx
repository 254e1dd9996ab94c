/** The product's mark and name, as in the page's header; decorative mark, the name is text. */
export function LogoMark({ name }: { name: string }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7">
        <defs>
          <linearGradient id="logo-mark-g" x1="0" x2="1" y1="0" y2="1">
            <stop offset="0" stopColor="#6366f1" />
            <stop offset="1" stopColor="#8b5cf6" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="url(#logo-mark-g)" />
        <path
          d="M10 21c2 2 10 2 12-1s-2-5-6-5-7-2-5-5 9-3 11-1"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      {name}
    </span>
  )
}
