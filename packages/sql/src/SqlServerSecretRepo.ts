/**
 * `ServerSecretRepo` over effect/sql, on the `server_secrets` table: secrets shared by every
 * instance on the database (the client-token signing key). The first call that finds none stores
 * its candidate; concurrent first calls all answer the one stored.
 *
 * @since 0.1.0
 */
import { ClientToken, Errors } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"

/** `ServerSecretRepo` over a migrated database. */
export const layer: Layer.Layer<ClientToken.ServerSecretRepo, never, SqlClient.SqlClient> = Repository.layer(
  ClientToken.ServerSecretRepo,
  (sql) => ({
    // Two statements on purpose: a SELECT in the INSERT's statement would not see a row committed
    // by a concurrent first call while the INSERT waited on it; a statement of its own does.
    getOrCreate: Effect.fnUntraced(function* (name: string, candidate: string) {
      yield* sql`INSERT INTO server_secrets (name, value) VALUES (${name}, ${candidate})
      ON CONFLICT (name) DO NOTHING`
      const rows = yield* sql`SELECT value FROM server_secrets WHERE name = ${name}`.values
      const value = rows[0]?.[0]
      if (typeof value !== "string") {
        return yield* new Errors.StoreError({ message: `ServerSecretRepo.getOrCreate found no secret ${name}.` })
      }
      return value
    })
  })
)
