/** A person's data: erasure and "Download data". The registry hands these to the views that offer them. Types only from the shared contract (zod stays out of the console's bundle). */
import { call, qs, type Answer } from '../../api.ts'
import type { PersonActions } from '../../view-props.ts'
import { endpoints } from '../../../shared/console-endpoints.ts'

export const dataAccessApi: PersonActions = {
  erase: (email: string) => call<Answer<'EraseResult'>>('POST', endpoints.erase.path, { email }),
  dataUrl: (email: string) => `${endpoints.personData.path}?${qs({ email })}`,
}
