/**
 * The one site configuration: product name and every piece of marketing copy.
 * Texts quoted by the specification stay word for word.
 */
export const SITE = {
  name: 'Solodesk',
  /** Shown in the browser tab and search results. */
  title: 'Solodesk – Freelance work, under control',
  description:
    'Solodesk is the mobile app for freelancers: clients, tasks, payments and notes in one place. Built by freelancers, for freelancers. Join the free beta, no credit card required.',
  /** Matches the page background so the mobile browser chrome blends in. */
  themeColor: '#0b0d17',
  lang: 'en',
  year: 2025,
  /**
   * Where the page is published: canonical URL, Open Graph and sitemap links are built from it.
   * Placeholder until launch; a build overrides it with VITE_SITE_URL (see docs/BENCHMARKS.md).
   */
  url: 'https://solodesk.app',
  /** Open Graph / Twitter card picture, 1200 by 630 (public/og-image.png, made by scripts/share-image.ts). */
  shareImage: {
    path: '/og-image.png',
    width: 1200,
    height: 630,
    alt: 'Solodesk: your freelance work, finally under control. Free beta.',
  },
  /** Short name for the home-screen icon (web manifest). */
  shortName: 'Solodesk',
  /** App-store category for the JSON-LD SoftwareApplication. */
  category: 'BusinessApplication',
} as const

/** The product-directory badge in the header. */
export const PRODUCT_DIRECTORY = {
  /**
   * Placeholder: replace with the product's page on the directory on launch day. The badge is
   * drawn in the page (src/web/sections/product-directory-badge.tsx), so the page makes no
   * request to the directory.
   */
  href: 'https://example.com/products/solodesk',
  width: 250,
  height: 54,
  alt: 'Solodesk – launching on a product directory',
} as const

/** Placeholder social profiles (the specification shows no targets). */
export const SOCIAL = [
  { id: 'microblog', href: '#', label: 'Solodesk on X (microblog)' },
  { id: 'professional', href: '#', label: 'Solodesk on LinkedIn (professional network)' },
] as const

export const HEADER = {
  betaBadge: 'BETA',
  cta: 'Try Beta Free',
  // Starts with the link's visible text ("Solodesk BETA"): WCAG 2.5.3 label in name.
  homeLabel: 'Solodesk BETA, home',
} as const

export const HERO = {
  eyebrow: 'Built by freelancers, for freelancers',
  headline: 'Your freelance work, finally under control',
  /** The headline's closing words, drawn with the accent gradient. */
  headlineAccent: 'finally under control',
  subline:
    'Solodesk keeps your clients, tasks, payments and notes in one calm mobile app, so you spend less time chasing admin and more time doing the work you love.',
  cta: "Try the Beta \u2013 It's Free",
  note: 'No credit card required',
  screensLabel: 'Solodesk app screens',
} as const

/**
 * The hero's three phone screenshots, left to right: the second stands in front, in the middle.
 * `file` is in content/screens/ (PNG, JPEG or WebP, portrait, at least 720 px wide; the build
 * checks and encodes them, scripts/screen-images.ts), `alt` is the picture's text alternative.
 */
export const SCREENS = [
  {
    file: 'tasks.png',
    caption: 'Tasks',
    alt: 'Tasks screen: today\u2019s tasks sorted by priority, each with a deadline and a reminder, two already done.',
  },
  {
    file: 'dashboard.png',
    caption: 'Dashboard',
    alt: 'Dashboard screen: earnings this month, active clients, tasks due this week and the next deadlines at a glance.',
  },
  {
    file: 'payments.png',
    caption: 'Payments',
    alt: 'Payments screen: paid and overdue totals, a six-month earnings chart and a list of invoices marked paid, pending or overdue.',
  },
] as const

export const FEATURES = {
  eyebrow: 'Everything in one place',
  heading: 'Less admin. More freelancing.',
  intro:
    'Clients, tasks, payments and notes live side by side in Solodesk, so the whole picture of every project fits in your pocket.',
  cards: [
    {
      id: 'clients',
      title: 'Track clients and conversations',
      body: 'Keep every client\u2019s contact details and the full history of your conversations together, with notes right where you need them.',
    },
    {
      id: 'tasks',
      title: 'Stay on top of tasks and deadlines',
      body: 'Set deadlines, reminders and priorities, and see at a glance what needs your attention today.',
    },
    {
      id: 'payments',
      title: "Know what's paid and what's overdue",
      body: 'Track invoices, see paid and overdue amounts instantly, and follow your earnings with simple analytics.',
    },
  ],
  communityNote:
    'Freelancers are already shaping Solodesk: our beta testers vote on what we build next, and many of the features above started as their requests.',
} as const

export const SIGNUP = {
  eyebrow: 'Free beta',
  heading: 'Join the beta and shape the future of solo work',
  intro: 'Get early access to Solodesk and tell us what your freelance business needs next.',
  emailLabel: 'Email address',
  emailPlaceholder: 'you@example.com',
  submit: 'Join Beta Now',
  submitting: 'Joining...',
  reassurance: ['Free during beta', 'No spam ever', 'Cancel anytime'],
  noScript: 'Joining the beta needs JavaScript. Please enable it in your browser and reload the page.',
  successTitle: 'Welcome to the Beta',
  /** Followed by the address the visitor entered, which the confirmation repeats. */
  successLead: 'Thanks for joining! We\u2019ll send your access details and early updates to',
  errorGeneric: 'Something went wrong. Please try again.',
  errorEmail: 'Something went wrong with the email resend. Please contact us',
} as const

export const CONTACT = {
  title: 'Contact Us',
  intro: 'Questions, feedback or a bug to report? Send us a message and we\u2019ll reply by email.',
  nameLabel: 'Name',
  emailLabel: 'Email',
  subjectLabel: 'Subject',
  subjectPlaceholder: 'Choose a subject',
  messageLabel: 'Message',
  submit: 'Send Message',
  sending: 'Sending...',
  successTitle: 'Message sent successfully!',
  successBody: "We'll get back to you as soon as possible.",
  errorTitle: 'Failed to send message',
  errorFallback: 'Failed to send message. Please try again.',
  noScript: 'The contact form needs JavaScript. Please enable it in your browser and reload the page.',
} as const

/** After the contact dialog closes, its fields and status reset once the close has settled. */
export const CONTACT_RESET_DELAY_MS = 300

export const FOOTER = {
  betaBadge: 'BETA',
  betaYear: 'Beta 2025',
  tagline: 'The mobile app for freelancers, built by freelancers.',
  copyright: `\u00a9 2025 Solodesk. All rights reserved.`,
  contact: 'Contact Us',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  close: 'Close',
} as const
