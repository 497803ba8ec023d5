/**
 * Pagination of long lists: `limit` and `offset` (offset from 0), answered with `total`, the count
 * across all pages. Each list has its own default and maximum (`limit` is at most 200 on lists in
 * general; entries allow 500, default 500).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** The decoded page request. */
export interface Page {
  readonly limit: number
  readonly offset: number
}

/** A page of results with the total across all pages. */
export interface Paged<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
}

/** Query fields `limit` (1..max, default) and `offset` (0..). Used by the HTTP contract. */
export const query = (options: { readonly default: number; readonly max: number }) => ({
  limit: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: options.max })).annotate({
      description: `1 to ${options.max}; default ${options.default}`
    })
  ),
  offset: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).annotate({ description: "default 0" }))
})

/** Fills the defaults of a decoded page query. */
export const page = (
  input: { readonly limit?: number | undefined; readonly offset?: number | undefined },
  defaultLimit: number
): Page => ({ limit: input.limit ?? defaultLimit, offset: input.offset ?? 0 })

/** Defaults and maxima per list. */
export const Defaults = {
  channels: { default: 50, max: 200 },
  apiKeys: { default: 50, max: 200 },
  campaigns: { default: 50, max: 200 },
  allowedOrigins: { default: 100, max: 200 },
  entries: { default: 500, max: 500 },
  grants: { default: 50, max: 200 },
  endpoints: { default: 50, max: 200 },
  deliveries: { default: 50, max: 200 },
  runs: { default: 50, max: 200 },
  assets: { default: 50, max: 200 },
  erasures: { default: 50, max: 200 }
} as const
