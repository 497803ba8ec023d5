/**
 * What the actors share to call the engine: a failure's short description for the log and the
 * invariants (`Conflict/PlayLimitReached`), instants as the engine takes them, and a call that must
 * succeed (an operator's command the world planned: a refusal is a violation of
 * `operations.as-commanded`, and the run goes on without it), and the step that sets up each
 * campaign an operator creates.
 *
 * @since 0.1.0
 */
import type { Actor } from "@campaign-games/core"
import { DateTime, Effect } from "effect"
import * as Model from "../Model.ts"
import type { Sim } from "../Sim.ts"

export const AS_COMMANDED = "operations.as-commanded"

/** `Category/Reason` of an engine failure (`Conflict/PlayLimitReached`), or its tag. */
export const describe = (error: unknown): string => {
  if (typeof error !== "object" || error === null) return String(error)
  const tag = (error as { readonly _tag?: unknown })._tag
  const reason = (error as { readonly reason?: { readonly _tag?: unknown } }).reason
  return reason?._tag === undefined ? String(tag) : `${String(tag)}/${String(reason._tag)}`
}

/** The engine's instant for epoch milliseconds. */
export const instant = (millis: number): DateTime.Utc => DateTime.makeUnsafe(millis)

/** Epoch milliseconds of an instant, or null. */
export const millisOf = (at: DateTime.Utc | null): number | null => (at === null ? null : DateTime.toEpochMillis(at))

/**
 * Runs a call that must succeed: its value, or undefined after counting a violation of
 * `operations.as-commanded` (with `what` and the failure). A success counts one check.
 */
export const commanded = <A, E>(sim: Sim, what: string, call: Effect.Effect<A, E>): Effect.Effect<A | undefined> =>
  call.pipe(
    Effect.map((value) => {
      sim.invariants.check(AS_COMMANDED, true, () => what)
      return value as A | undefined
    }),
    Effect.catch((error) =>
      Effect.sync(() => {
        sim.invariants.check(AS_COMMANDED, false, () => `${what}: ${describe(error)}`)
        sim.log.append("refused", what, describe(error))
        return undefined
      })
    )
  )

/**
 * `commanded` for a call on a campaign by its account's owner (`call(owner, campaignId)`), named
 * `what` and the campaign's key (`reward of <key>`).
 */
export const commandedOn = <A, E>(
  sim: Sim,
  campaign: Model.CampaignState,
  what: string,
  call: (owner: Actor.Actor, campaignId: string) => Effect.Effect<A, E>
): Effect.Effect<A | undefined> =>
  commanded(sim, `${what} ${campaign.plan.key}`, call(Model.accountOf(sim.model, campaign).owner, campaign.id))

/**
 * Plans each campaign an operator creates with `planOf` (given the index of its channel in the
 * model) and, when it gets a plan, runs `configure` as the actor's next step.
 */
export const configureCreated = <P>(
  sim: Sim,
  actor: string,
  planOf: (campaign: Model.CampaignState, channel: number) => P | null,
  configure: (sim: Sim, campaign: Model.CampaignState, plan: P) => Effect.Effect<void>
): void =>
  sim.observe("created", (campaign) => {
    const plan = planOf(
      campaign,
      sim.model.channels.findIndex((c) => c.campaigns.includes(campaign))
    )
    if (plan !== null) sim.agenda.next(actor, configure(sim, campaign, plan))
  })
