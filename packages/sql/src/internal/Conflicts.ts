/**
 * One statement run again when PostgreSQL aborts it in a deadlock (or a serialization failure):
 * for statements that are all or nothing on their own, outside a transaction, so nothing of the
 * aborted run was kept and running it again is safe.
 *
 * Grants meet deadlocks among themselves (a finish's statement, a grant by hand or by draw): a
 * grant takes a code with `FOR UPDATE SKIP LOCKED`, and a row it locks that fails its recheck
 * against the latest version (a single-use code another grant just gave out) stays locked by it
 * until the statement ends while it moves on to the next code; when every free code is locked it
 * waits (`FOR UPDATE`) for one, and two such statements can each wait for a row the other kept
 * locked. PostgreSQL breaks the cycle by aborting one; this runs that one again at once (the
 * other goes on). Seen in the store contract's 1,000 concurrent grants on 100 codes, on a machine
 * busy with the rest of the suite.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { SqlError } from "effect/sql"

/** How many times a statement runs at most when PostgreSQL keeps aborting it. */
export const MAX_STATEMENT_RUNS = 5

/** Whether PostgreSQL aborted the statement to break a deadlock or keep transactions serializable. */
export const isConflict = (error: SqlError.SqlError): boolean =>
  error.reason._tag === "DeadlockError" || error.reason._tag === "SerializationError"

/**
 * `self` run again (at once) while PostgreSQL aborts it as a deadlock or a serialization failure,
 * up to `MAX_STATEMENT_RUNS` runs in all.
 */
export const againOnConflict = <A, R>(
  self: Effect.Effect<A, SqlError.SqlError, R>,
  run = 1
): Effect.Effect<A, SqlError.SqlError, R> =>
  Effect.catchIf(self, isConflict, (error) =>
    run >= MAX_STATEMENT_RUNS ? Effect.fail(error) : againOnConflict(self, run + 1)
  )
