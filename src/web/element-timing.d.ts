// Element Timing (https://wicg.github.io/element-timing/): React passes the attribute through as
// written, but its types do not list it. The hero marks the first view's last text with it.
import 'react'

declare module 'react' {
  // Merging needs React's own type parameter, by name, though this part does not use it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string
  }
}
