/**
 * The organisations' operators: at the start they open each account (its owner key, a backend key
 * that may only mint tokens, its allowed origin), its channels, its webhook endpoints (and try one
 * on a private address, which must be refused) and the first campaign of each channel; then, as
 * the world planned, they run each channel's campaigns one after another:
 *
 * - announce the next campaign: create it and activate it with `handoverAt` (the live one ends
 *   then), or end the live one at a time (`liveUntil`) and give the next a later `liveFrom` (the
 *   channel shows its between-campaigns message meanwhile);
 * - add it to the endpoints that follow that channel's campaigns of its game (`gameInstanceIds`);
 * - pause a campaign for a few hours and activate it again;
 * - resolve predictions (while they run, or after) and archive campaigns that ended;
 * - after a receiver's outage, resend what was exhausted since it began.
 *
 * Every command must succeed with what was asked (`operations.as-commanded`): the windows the
 * engine answers are the ones asked for, and the model takes the commanded state.
 *
 * @since 0.1.0
 */
import type { Campaign } from "@campaign-games/core"
import { Effect } from "effect"
import { iso } from "../EventLog.ts"
import type * as Deliveries from "../invariants/Deliveries.ts"
import type * as Model from "../Model.ts"
import type { Part, Sim } from "../Sim.ts"
import * as World from "../World.ts"
import { AS_COMMANDED, commanded, describe, instant, millisOf } from "./Calls.ts"

export const PUBLIC_ADDRESSES = "webhooks.public-addresses"

/** Checks the engine's campaign against the model's, after a command. */
const matches = (sim: Sim, what: string, engine: Campaign.Campaign, model: Model.CampaignState) =>
  sim.invariants.check(
    AS_COMMANDED,
    engine.status === model.status &&
      millisOf(engine.liveFrom) === model.liveFrom &&
      millisOf(engine.liveUntil) === model.liveUntil &&
      millisOf(engine.activatedAt) === model.activatedAt &&
      engine.resolvedOptionId === model.resolvedOptionId,
    () =>
      `${what}: engine ${engine.status} ${millisOf(engine.liveFrom)}..${millisOf(engine.liveUntil)} ` +
      `activated ${millisOf(engine.activatedAt)}, model ${model.status} ${model.liveFrom}..${model.liveUntil} ` +
      `activated ${model.activatedAt}`
  )

/** The operators of a run; `deliveries` is told of every resend. */
export const make = (deliveries: Deliveries.Deliveries): Part => {
  const createCampaign = (
    sim: Sim,
    account: Model.AccountState,
    channel: Model.ChannelState,
    campaign: Model.CampaignState
  ) =>
    Effect.gen(function* () {
      const plan = campaign.plan
      const created = yield* commanded(
        sim,
        `create ${plan.key}`,
        sim.engine.campaigns.create(account.owner, {
          gameSlug: plan.game.slug,
          name: `${channel.plan.name} #${plan.index + 1}`,
          channelId: channel.id,
          config: World.configOf(plan.game),
          prize: { label: `${channel.plan.name} prize ${plan.index + 1}` },
          maxPlaysPerParticipant: plan.limits.total,
          maxPlaysPerParticipantPerDay: plan.limits.perDay,
          playLimitTimezone: plan.limits.timeZone,
          ...(plan.transition === "gap" ? { liveFrom: instant(plan.start) } : {})
        })
      )
      if (created === undefined) return false
      campaign.id = created.id
      campaign.status = "draft"
      campaign.liveFrom = plan.transition === "gap" ? plan.start : null
      sim.model.campaignsById.set(created.id, campaign)
      sim.counters.add("campaigns.created")
      sim.log.append("op", iso(sim.now()), "create", plan.key, created.id, plan.game.slug)
      matches(sim, `create ${plan.key}`, created, campaign)
      sim.publish("created", campaign)
      yield* follow(sim, account, campaign)
      return true
    })

  /** Adds a new campaign to the endpoints that follow its channel's campaigns of its game. */
  const follow = (sim: Sim, account: Model.AccountState, campaign: Model.CampaignState) =>
    Effect.forEach(
      sim.model.endpoints.filter(
        (e) =>
          e.plan.filter.kind === "campaigns" &&
          e.plan.filter.channel === campaign.plan.channel &&
          e.plan.filter.games.includes(campaign.plan.game.slug)
      ),
      (endpoint) =>
        Effect.gen(function* () {
          const ids = [...endpoint.gameInstanceIds, campaign.id]
          const updated = yield* commanded(
            sim,
            `follow ${campaign.plan.key} on ${endpoint.plan.key}`,
            sim.engine.webhooks.update(account.owner, endpoint.id, { gameInstanceIds: ids })
          )
          if (updated === undefined) return
          endpoint.gameInstanceIds = ids
          sim.log.append("op", iso(sim.now()), "follow", endpoint.plan.key, campaign.id)
        }),
      { discard: true }
    )

  const activate = (
    sim: Sim,
    account: Model.AccountState,
    campaign: Model.CampaignState,
    previous: Model.CampaignState | undefined
  ) =>
    Effect.gen(function* () {
      const plan = campaign.plan
      const handover = plan.transition === "handover"
      const activated = yield* commanded(
        sim,
        `activate ${plan.key}`,
        sim.engine.campaigns.activate(account.owner, campaign.id, handover ? { handoverAt: instant(plan.start) } : {})
      )
      if (activated === undefined) return
      const now = sim.now()
      campaign.status = "active"
      campaign.activatedAt ??= now
      if (handover) {
        campaign.liveFrom = plan.start
        previous!.liveUntil = plan.start
        sim.counters.add("campaigns.handovers")
      }
      sim.log.append("op", iso(now), "activate", plan.key, handover ? `handover ${iso(plan.start)}` : "")
      matches(sim, `activate ${plan.key}`, activated, campaign)
      if (handover) {
        const ended = yield* commanded(
          sim,
          `read ${previous!.plan.key}`,
          sim.engine.campaigns.get(account.owner, previous!.id)
        )
        if (ended !== undefined) matches(sim, `handover from ${previous!.plan.key}`, ended, previous!)
      }
    })

  /** A campaign's steps after its announcement: pause and resume, resolve, archive. */
  const scheduleLife = (sim: Sim, account: Model.AccountState, campaign: Model.CampaignState) => {
    const plan = campaign.plan
    const simple = (
      at: number,
      what: string,
      call: () => Effect.Effect<Campaign.Campaign, unknown>,
      apply: () => void
    ) =>
      sim.agenda.schedule(
        at,
        "operators",
        Effect.gen(function* () {
          if (campaign.id === "") return
          const done = yield* commanded(sim, `${what} ${plan.key}`, call())
          if (done === undefined) return
          apply()
          sim.log.append("op", iso(sim.now()), what, plan.key)
          matches(sim, `${what} ${plan.key}`, done, campaign)
        })
      )
    if (plan.pause !== null) {
      simple(
        plan.pause.from,
        "pause",
        () => sim.engine.campaigns.pause(account.owner, campaign.id),
        () => {
          campaign.status = "paused"
          sim.counters.add("campaigns.pauses")
        }
      )
      simple(
        plan.pause.to,
        "resume",
        () => sim.engine.campaigns.activate(account.owner, campaign.id, {}),
        () => {
          campaign.status = "active"
        }
      )
    }
    const resolve = plan.resolve
    if (resolve !== null) {
      simple(
        resolve.at,
        "resolve",
        () => sim.engine.campaigns.resolve(account.owner, campaign.id, { optionId: resolve.optionId }),
        () => {
          campaign.resolvedOptionId = resolve.optionId
          sim.counters.add("campaigns.resolved")
          sim.publish("resolved", campaign)
        }
      )
    }
    if (plan.archiveAt !== null) {
      simple(
        plan.archiveAt,
        "archive",
        () => sim.engine.campaigns.archive(account.owner, campaign.id),
        () => {
          campaign.status = "archived"
          sim.counters.add("campaigns.archived")
        }
      )
    }
  }

  /** The announcement of a campaign after the first: the gap or the handover, creation, activation. */
  const announce = (sim: Sim, account: Model.AccountState, channel: Model.ChannelState, index: number) =>
    Effect.gen(function* () {
      const campaign = channel.campaigns[index]!
      const previous = channel.campaigns[index - 1]!
      if (campaign.plan.transition === "gap" && previous.plan.end !== null && previous.id !== "") {
        const until = previous.plan.end
        const ended = yield* commanded(
          sim,
          `end ${previous.plan.key}`,
          sim.engine.campaigns.update(account.owner, previous.id, { liveUntil: instant(until) })
        )
        if (ended !== undefined) {
          previous.liveUntil = until
          sim.counters.add("campaigns.gaps")
          sim.log.append("op", iso(sim.now()), "end", previous.plan.key, iso(until))
          matches(sim, `end ${previous.plan.key}`, ended, previous)
        }
      }
      if (!(yield* createCampaign(sim, account, channel, campaign))) return
      yield* activate(sim, account, campaign, previous)
    })

  const setupAccount = (sim: Sim, plan: World.AccountPlan) =>
    Effect.gen(function* () {
      const { account, apiKey } = yield* sim.engine.accounts.create({
        name: plan.name,
        plan: "pro",
        ...(plan.playsPerMonth === null ? {} : { limits: { playsPerMonth: plan.playsPerMonth } })
      })
      const owner = yield* sim.engine.apiKeys.authenticate(apiKey.key)
      const backend = yield* sim.engine.apiKeys.create(owner, { name: "Backend", permissions: ["tokens.mint"] })
      yield* sim.engine.allowedOrigins.create(owner, { origin: plan.origin })
      const state: Model.AccountState = {
        plan,
        id: account.id,
        owner,
        backendKey: backend.key,
        monthPlays: new Map()
      }
      sim.model.accounts.push(state)
      sim.log.append("op", iso(sim.now()), "account", plan.key, account.id, backend.id)
      return state
    })

  return {
    name: "operators",
    invariants: {
      [AS_COMMANDED]:
        "every command the operators planned succeeds, and leaves the campaign with the window and state asked for",
      [PUBLIC_ADDRESSES]: "an endpoint whose host resolves to a private address is refused at its url"
    },
    start: (sim) =>
      Effect.gen(function* () {
        const { world } = sim
        for (const plan of world.accounts) yield* setupAccount(sim, plan)
        for (const plan of world.channels) {
          const account = sim.model.accounts[plan.account]!
          const channel = yield* sim.engine.channels.create(account.owner, {
            name: plan.name,
            betweenCampaigns: plan.betweenCampaigns,
            maxPlaysPerParticipant: plan.limits.total,
            maxPlaysPerParticipantPerDay: plan.limits.perDay,
            playLimitTimezone: plan.limits.timeZone
          })
          const campaigns = plan.campaigns.map((c): Model.CampaignState => ({
            plan: c,
            id: "",
            status: "planned",
            liveFrom: null,
            liveUntil: null,
            activatedAt: null,
            resolvedOptionId: null,
            finished: []
          }))
          sim.model.channels.push({ plan, id: channel.id, campaigns })
          sim.log.append("op", iso(sim.now()), "channel", plan.key, channel.id, plan.limits.timeZone)
        }
        // The first campaigns exist before the endpoints, so an endpoint following a channel's
        // campaigns starts with its first one (an endpoint with no filter would get every event).
        for (const channel of sim.model.channels) {
          yield* createCampaign(sim, sim.model.accounts[channel.plan.account]!, channel, channel.campaigns[0]!)
        }
        for (const plan of world.endpoints) {
          const account = sim.model.accounts[plan.account]!
          const channelIds =
            plan.filter.kind === "channels" ? plan.filter.channels.map((c) => sim.model.channels[c]!.id) : []
          const filter = plan.filter
          const gameInstanceIds =
            filter.kind === "campaigns"
              ? sim.model.channels[filter.channel]!.campaigns.filter(
                  (c) => c.id !== "" && filter.games.includes(c.plan.game.slug)
                ).map((c) => c.id)
              : []
          const endpoint = yield* sim.engine.webhooks.create(account.owner, {
            url: plan.url,
            events: [...plan.events],
            channelIds,
            gameInstanceIds
          })
          sim.receivers.add(plan.url, plan.behaviour)
          const state: Model.EndpointState = {
            plan,
            id: endpoint.id,
            secret: endpoint.secret,
            channelIds,
            gameInstanceIds
          }
          sim.model.endpoints.push(state)
          sim.log.append("op", iso(sim.now()), "endpoint", plan.key, endpoint.id)
          for (const resend of plan.resends) {
            sim.agenda.schedule(
              resend.at,
              "operators",
              Effect.gen(function* () {
                const count = yield* commanded(
                  sim,
                  `resend ${plan.key}`,
                  sim.engine.webhooks.resendEndpoint(account.owner, endpoint.id, instant(resend.since))
                )
                if (count === undefined) return
                sim.log.append("op", iso(sim.now()), "resend", plan.key, iso(resend.since), count)
                yield* deliveries.resent(state, resend.since, count)
              })
            )
          }
        }
        const refused = yield* Effect.flip(
          sim.engine.webhooks.create(sim.model.accounts[0]!.owner, {
            url: world.refusedEndpointUrl,
            events: ["session_completed"]
          })
        ).pipe(Effect.catch(() => Effect.succeed(undefined)))
        sim.invariants.check(
          PUBLIC_ADDRESSES,
          refused?._tag === "InvalidFields" && refused.details?.some((d) => d.path === "url") === true,
          () =>
            `an endpoint at ${world.refusedEndpointUrl} was ${refused === undefined ? "created" : describe(refused)}`
        )
        for (const channel of sim.model.channels) {
          const account = sim.model.accounts[channel.plan.account]!
          yield* activate(sim, account, channel.campaigns[0]!, undefined)
          scheduleLife(sim, account, channel.campaigns[0]!)
          channel.campaigns.slice(1).forEach((campaign, i) => {
            sim.agenda.schedule(campaign.plan.announceAt, "operators", announce(sim, account, channel, i + 1))
            scheduleLife(sim, account, campaign)
          })
        }
      }).pipe(Effect.orDie)
  }
}
