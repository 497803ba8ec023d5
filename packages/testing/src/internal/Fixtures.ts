/**
 * Fixtures shared by the store contract suites: unique ids, fixed instants and rows both suites
 * build.
 */
import type { Endpoint } from "@campaign-games/core/webhooks/Webhook"
import { DateTime } from "effect"

const RUN = globalThis.crypto.randomUUID().slice(0, 8)
let counter = 0
/** An id unique to this process and test. */
export const uid = (prefix: string): string => `${prefix}_${RUN}_${(counter++).toString(36).padStart(4, "0")}`

/** 2026-01-02T03:04:05.678Z plus `ms` milliseconds: millisecond precision on purpose. */
export const at = (ms: number): DateTime.Utc => DateTime.makeUnsafe(Date.UTC(2026, 0, 2, 3, 4, 5, 678) + ms)

/** An active endpoint of the account subscribed to `session_completed`, with no filters. */
export const makeEndpoint = (accountId: string, fields: Partial<Endpoint> = {}): Endpoint => {
  const id = uid("we")
  return {
    id,
    accountId,
    url: `https://hooks.example.com/${id}`,
    events: ["session_completed"],
    gameInstanceIds: [],
    channelIds: [],
    includeCouponCodes: false,
    status: "active",
    secret: `whsec_${id}`,
    createdAt: at(10),
    updatedAt: at(11),
    ...fields
  }
}
