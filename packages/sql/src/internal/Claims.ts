/**
 * The order of a claim's answer. A claim (`UPDATE … FROM (SELECT … FOR UPDATE SKIP LOCKED)
 * RETURNING …`) returns its rows in no order, so the repository sorts them as they were claimed:
 * earliest due first, then by id.
 *
 * @since 0.1.0
 */
import { DateTime } from "effect"

/**
 * Compares two claimed items by the due time `due` of what was claimed (`claimed(item)`: an asset, a
 * delivery; a claimed one always has it), then by its id.
 */
export const byDue =
  <A, const Due extends string>(
    claimed: (item: A) => { readonly id: string } & { readonly [K in Due]: DateTime.Utc | null },
    due: Due
  ) =>
  (a: A, b: A): number => {
    const x = claimed(a)
    const y = claimed(b)
    return DateTime.toEpochMillis(x[due]!) - DateTime.toEpochMillis(y[due]!) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)
  }
