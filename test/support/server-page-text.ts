// What a person reads on a server page, for tests that check which language it speaks: the
// `<html lang>`, the visible text with React's escapes undone, and where its links lead.

export type PageReading = { lang: string | undefined; text: string; links: string[] }

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" }

export function readPage(html: string): PageReading {
  const body = html.replace(/<head>[\s\S]*?<\/head>/, '')
  const text = body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
  const links = [...body.matchAll(/<a href="([^"]*)"[^>]*>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))
  return { lang: /<html lang="([^"]+)"/.exec(html)?.[1], text, links }
}
