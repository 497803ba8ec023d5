/**
 * Rewards: the reward and its tiers, coupon codes, grants.
 *
 * @since 0.1.0
 */
import { Coupon, Fields, Grant, Pagination, Reward } from "@campaign-games/core"
import { Schema } from "effect"
import type { HttpRouter } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import * as Endpoint from "./Endpoint.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

const id = Endpoint.idParam("id")

const One = Schema.Struct({ reward: Schema.NullOr(Reward.RewardView) })

/**
 * The endpoint `name` adding, at `POST path`, to a campaign's reward from `payload` (coupon codes, a
 * grant): answers `success` with 201; 404, 409, or 402 without the plan feature Rewards; `limit` a
 * minute per key, counted under `policy`.
 */
const adding = <
  const Name extends string,
  const Path extends HttpRouter.PathInput,
  Payload extends HttpApiEndpoint.PayloadConstraintCodecs<"POST">,
  Success extends Schema.Top
>(
  name: Name,
  path: Path,
  payload: Payload,
  success: Success,
  policy: string,
  limit: number
) =>
  HttpApiEndpoint.post(name, path, {
    params: id,
    payload,
    success: success.pipe(HttpApiSchema.status(201)),
    error: [ApiError.NotFound, ApiError.Conflict, ApiError.UpgradeRequired]
  }).pipe(Endpoint.rateLimited(Endpoint.perMinute(policy, limit)))

export class RewardsApi extends Endpoint.keyed(
  HttpApiGroup.make("rewards")
    .add(
      Endpoint.permitted(
        Endpoint.getById("get", "/:id/reward", "id", One),
        ["rewards.read"],
        "Get a campaign's reward",
        "Permission rewards.read. `{ reward: null }` when the campaign has none. Each tier carries its counts: `coupons` (codes it holds, given out or not), `couponsRemaining` (issues left over its codes; null when a code has no issue limit, and for a generated prize) and `granted`."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.put("set", "/:id/reward", {
          params: id,
          payload: Reward.SetReward,
          success: One,
          error: [ApiError.NotFound, ApiError.Conflict, ApiError.UpgradeRequired]
        }),
        ["rewards.write"],
        "Set a campaign's reward",
        "Permission rewards.write; plan feature Rewards (402). A Reward, or null to remove it. Tiers (1 to 8) replace the prizes in priority order: send a prize back with its `id` to keep it and its codes; a prize left out is removed (409 while it holds codes that can still be given: withdraw them first); a prize's codeStrategy cannot change once it has given out coupons or while it holds codes (409). match.when: `everyone`; `won` (Spin the Wheel only); `outcome` with `segmentIds` (wheel segments, 1 to 24); `drawn` (a draw's winners only). A match that could never be met is 400. The read-only counts of a GET are accepted and ignored. grantOncePerParticipant (default true) and validForSeconds (1 to 31536000, null = no expiry) are mirrored on the campaign. The page: 1 to 20 blocks; at most 8 images/videos/animations, 1 video, 2 animations (media library only), 2000 characters of text, 16 KB; every file judged by the file rule. An archived campaign is 409."
      ),
      Endpoint.permitted(
        adding(
          "upload",
          "/:id/reward-coupons",
          Coupon.UploadCoupons,
          Schema.Struct({ added: Fields.Count, duplicates: Fields.Count }),
          "rewards.coupons.upload",
          10
        ),
        ["rewards.codes.manage"],
        "Add coupon codes",
        "Permission rewards.codes.manage; plan feature Rewards; plan limit stored coupon codes (402, nothing added); 10 a minute per key. 1 to 1000 codes (6 to 64 visible ASCII characters, kept as sent) for a prize (`tierId`, default the first): codes the campaign already has, or repeated in the request, are counted as `duplicates` and not added. issueLimit: how many times a code may be given (1 to 1000000, or null for no limit); default 1, none for a shared prize. A generated prize stores no codes, and a shared prize holds one code at a time (409). No reward: 409; unknown tierId: 404."
      ),
      Endpoint.permitted(
        adding(
          "generate",
          "/:id/reward-coupons/generate",
          Coupon.GenerateCoupons,
          Schema.Struct({ generated: Fields.Count, codes: Schema.Array(Schema.String) }),
          "rewards.coupons.generate",
          10
        ),
        ["rewards.codes.manage"],
        "Generate coupon codes",
        "Permission rewards.codes.manage; plan feature Rewards; plan limit stored coupon codes (402); 10 a minute per key. `quantity` (1 to 1000, default 1) codes for a prize (`tierId`, default the first): the `prefix` (up to 12 capital letters, digits and hyphens) and 12 characters of Crockford's base 32 from a cryptographically strong source, unique in the campaign. issueLimit default 1 (none for a shared prize). The codes are in this answer only."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.post("withdraw", "/:id/reward-coupons/withdraw", {
          params: id,
          payload: Coupon.WithdrawCoupons,
          success: Schema.Struct({ withdrawn: Fields.Count }),
          error: [ApiError.NotFound, ApiError.Conflict]
        }),
        ["rewards.codes.manage"],
        "Withdraw coupon codes",
        "Beyond the specification. Permission rewards.codes.manage. Takes back what a prize's codes (`codes`, 1 to 1000, or all of them; `tierId` default the first) have not given yet: a code never given is deleted, a code given some times keeps its grants and gives no more. `withdrawn`: how many codes changed. No reward: 409; unknown tierId: 404."
      ),
      Endpoint.permitted(
        adding(
          "grant",
          "/:id/reward-grants",
          Grant.ManualGrant,
          Schema.Struct({ grant: Grant.GrantView }),
          "rewards.grants.create",
          60
        ),
        ["rewards.grant"],
        "Give a coupon by hand",
        "Permission rewards.grant; plan feature Rewards; 60 a minute per key. Gives the prize `tierId` (default the first) to `participantRef`, with source `manual`; the answer masks the code to its last four characters, as lists do (the full code reaches webhook endpoints with includeCouponCodes). 409 when the player already has a coupon of a campaign that grants once, when the prize has no code left, or when the campaign has no reward; unknown tierId: 404."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.get("grants", "/:id/reward-grants", {
          params: id,
          query: Pagination.query(Pagination.Defaults.grants),
          success: Schema.Struct({ total: Fields.Count, grants: Schema.Array(Grant.GrantView) }),
          error: ApiError.NotFound
        }),
        ["rewards.read"],
        "List a campaign's grants",
        "Permission rewards.read. Newest first; codes masked to their last four characters (`****WXYZ`). limit 1 to 200 (default 50), offset."
      )
    )
    .prefix("/v1/game-instances"),
  "Rewards",
  "A campaign's reward (prizes in priority order and the reward page), its coupon codes, and the coupons given to players."
) {}
