/**
 * A migration of several statements, sent one per call: PostgreSQL's extended protocol (used by both
 * drivers) takes one statement at a time.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** Runs each statement in order. */
export const statements = (...sqls: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const statement of sqls) yield* sql.unsafe(statement)
  })
