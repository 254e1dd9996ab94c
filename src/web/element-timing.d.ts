// Element Timing (https://wicg.github.io/element-timing/): React passes the attribute through as
// written, but its types do not list it. The hero marks the first view's last text with it.
import 'react'

declare module 'react' {
  interface HTMLAttributes<T> {
    elementtiming?: string
  }
}
