/**
 * `BrandingRepo` over effect/sql, on the `branding` table: an account's theme, one `jsonb`
 * document replaced whole (`INSERT … ON CONFLICT DO UPDATE`).
 *
 * @since 0.1.0
 */
import { Branding, type Theme } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as Repository from "./internal/Repository.ts"
import * as Table from "./internal/Table.ts"
import * as Tables from "./internal/Tables.ts"
import { json } from "./internal/Values.ts"

const branding = Table.read(Tables.branding)

/** `BrandingRepo` over a migrated database. */
export const layer: Layer.Layer<Branding.BrandingRepo, never, SqlClient.SqlClient> = Repository.layer(
  Branding.BrandingRepo,
  (sql) => ({
    get: (accountId: string) =>
      sql`SELECT ${branding.select} FROM branding WHERE account_id = ${accountId}`.values.pipe(
        Effect.flatMap(branding.first),
        Effect.map(Option.map((row) => row.theme))
      ),
    put: Effect.fnUntraced(function* (accountId: string, theme: Theme.Theme) {
      yield* sql`INSERT INTO branding (account_id, theme, updated_at) VALUES (${accountId}, ${json(theme)}, now())
      ON CONFLICT (account_id) DO UPDATE SET theme = EXCLUDED.theme, updated_at = EXCLUDED.updated_at`
    })
  })
)
