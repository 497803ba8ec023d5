/**
 * Handlers of the rewards endpoints (`groups/Rewards.ts`): each runs one use case of `Rewards` as the
 * calling key's actor.
 *
 * @since 0.1.0
 */
import { Grant, Pagination, Rewards } from "@campaign-games/core"
import { Api } from "../Api.ts"
import { CurrentActor } from "../Security.ts"
import * as Handle from "./Handle.ts"

export const RewardsHandlers = Handle.group(Api, "rewards", Rewards.Rewards, (handlers, rewards) =>
  handlers
    .handle("get", ({ params }) =>
      Handle.asActor(
        (actor) => rewards.get(actor, params.id),
        (reward) => ({ reward })
      )
    )
    .handle("set", ({ params, payload }) =>
      Handle.asActor(
        (actor) => rewards.set(actor, params.id, payload),
        (reward) => ({ reward })
      )
    )
    .handle("upload", ({ params, payload }) => CurrentActor.use((actor) => rewards.upload(actor, params.id, payload)))
    .handle("generate", ({ params, payload }) =>
      CurrentActor.use((actor) => rewards.generate(actor, params.id, payload))
    )
    .handle("withdraw", ({ params, payload }) =>
      Handle.asActor(
        (actor) => rewards.withdraw(actor, params.id, payload),
        (withdrawn) => ({ withdrawn })
      )
    )
    .handle("grant", ({ params, payload }) =>
      Handle.asActor(
        (actor) => rewards.grant(actor, params.id, payload),
        (grant) => ({ grant })
      )
    )
    .handle("grants", ({ params, query }) =>
      Handle.list(
        query,
        Pagination.Defaults.grants,
        "grants",
        (grant: Grant.GrantView) => grant,
        (actor, page) => rewards.grants(actor, params.id, page)
      )
    )
)
