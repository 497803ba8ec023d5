/**
 * The rewards' part of a webhook delivery: a `reward_granted` event is stored without its coupon
 * code (`Grant.eventData`), and the code joins the payload only at send time, only for endpoints with
 * `includeCouponCodes`, read through the `Webhook.CouponCodes` port that `RewardsEngine` fills from
 * the store's grants. The dispatcher asks this module for the body of every delivery it sends and
 * knows nothing of coupons; the code is never stored, logged or kept.
 *
 * @since 0.1.0
 */
import { Effect, Option, Predicate } from "effect"
import type { StoreError } from "../Failure.ts"
import type * as Webhook from "../webhooks/Webhook.ts"

/** The payload with `data.coupon.code` set to `code` (the coupon's other fields kept). */
export const withCode = (payload: Webhook.Payload, code: string): Webhook.Payload => {
  const coupon = payload.data["coupon"]
  return { ...payload, data: { ...payload.data, coupon: { ...(Predicate.isObject(coupon) ? coupon : {}), code } } }
}

/**
 * The body of a claimed delivery: its stored payload, with the grant's coupon code for an endpoint
 * that takes codes (`codes`: the `Webhook.CouponCodes` port).
 */
export const bodyOf =
  (codes: (accountId: string, grantId: string) => Effect.Effect<Option.Option<string>, StoreError>) =>
  (claimed: Webhook.Claimed): Effect.Effect<string, StoreError> => {
    const payload = claimed.delivery.payload
    const grantId = payload.data["grantId"]
    if (!claimed.includeCouponCodes || payload.type !== "reward_granted" || !Predicate.isString(grantId)) {
      return Effect.succeed(JSON.stringify(payload))
    }
    return Effect.map(codes(claimed.delivery.accountId, grantId), (code) =>
      JSON.stringify(Option.isSome(code) ? withCode(payload, code.value) : payload)
    )
  }
