import { QueryClientProvider } from '@tanstack/react-query'
import { createElement, type ReactNode } from 'react'
import { vi } from 'vitest'
import { consoleQueryClient } from './queries.ts'

/** One stand-in answer of the console's API: a JSON body, or a status with a PostgREST-shaped error. */
type Answer = { json: unknown } | { status: number; message: string }

/**
 * Replaces fetch with answers chosen by method and path (without the query), and records each
 * call's URL and body, as the console's api.ts makes them.
 */
export function stubApi(answers: Record<string, Answer | ((url: URL) => Answer)>) {
  const calls: { method: string; url: URL; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost')
      const method = init.method ?? 'GET'
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined })
      const found = answers[`${method} ${url.pathname}`]
      if (!found) return new Response(JSON.stringify({ message: 'not stubbed' }), { status: 404 })
      const answer = typeof found === 'function' ? found(url) : found
      if ('json' in answer) return new Response(JSON.stringify(answer.json), { status: 200 })
      return new Response(JSON.stringify({ message: answer.message }), { status: answer.status })
    }),
  )
  return calls
}

/**
 * jsdom has no modal <dialog> methods: these open and close it as a browser would, minus the top
 * layer (e2e/ checks the real one in Chromium).
 */
export function polyfillDialog() {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
}

/**
 * A wrapper giving a fresh console query client (as ConsoleApp does) to a view or hook under test;
 * `onFailure` sees every failed call, and `invalidated` lists the endpoints a write asked to read
 * again, in order.
 */
export function withClient(onFailure: (err: unknown) => void = () => {}) {
  const client = consoleQueryClient(onFailure)
  const invalidated: unknown[] = []
  const invalidate = client.invalidateQueries.bind(client)
  client.invalidateQueries = (filters, options) => {
    invalidated.push(filters?.queryKey?.[0])
    return invalidate(filters, options)
  }
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children)
  return Object.assign(wrapper, { client, invalidated })
}
