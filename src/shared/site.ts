/**
 * The one site configuration: product name and every piece of marketing copy.
 * Texts quoted by the specification stay word for word.
 */
export const SITE = {
  name: 'Solodesk',
} as const
