/**
 * `BrandingRepo` in memory: an account's theme, none until put, replaced whole by a put; branding
 * needs its account (a breach fails with `StoreError`).
 *
 * @since 0.1.0
 */
import { Branding } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { conflict } from "../internal/Rows.ts"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** `BrandingRepo` over the branding table of the database. */
export const layer: Layer.Layer<Branding.BrandingRepo, never, MemoryDatabase> = repository(
  Branding.BrandingRepo,
  ({ accounts, branding }) => {
    return Branding.BrandingRepo.of({
      get: (accountId) => Effect.sync(() => Option.fromNullishOr(branding.get(accountId))),
      put: Effect.fnUntraced(function* (accountId, theme) {
        if (!accounts.has(accountId)) return yield* conflict(`No account ${accountId} for its branding.`)
        yield* branding.set(accountId, theme)
      })
    })
  }
)
