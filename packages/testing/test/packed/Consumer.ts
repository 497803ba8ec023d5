/**
 * A TypeScript consumer of the packed packages, typechecked by `Packed.test.ts` in a project outside
 * this repository (`module` and `moduleResolution` `nodenext`, strict): the roots and the documented
 * subpaths give typed values, a wrong use is an error, an internal path is no entry point.
 */
import { type Actor, type Campaign, Engine, Plays, type StorePorts } from "@campaign-games/core"
import { Draws } from "@campaign-games/core/draws"
import { NodeEngine } from "@campaign-games/http"
import { Database } from "@campaign-games/sql"
import { MemoryPlatform, MemoryStore } from "@campaign-games/testing"
import { Effect, Layer } from "effect"
/* eslint-disable no-restricted-imports -- the point: the path is not exported */
// @ts-expect-error the packages export no internal path
import type * as Internal from "@campaign-games/core/accounts/Account"
/* eslint-enable no-restricted-imports */

/** The SQL store is a store of the core's ports. */
export const store: Layer.Layer<StorePorts.StoreServices, Error> = Database.layerPglite()

/** The engine on Node over it gives every use case. */
export const onNode: Layer.Layer<Engine.UseCases, unknown> = NodeEngine.layer(store)

/** The engine in memory, from the core and the testing kit. */
export const inMemory: Layer.Layer<Engine.UseCases, unknown> = Engine.layer().pipe(
  Layer.provideMerge(MemoryStore.layer),
  Layer.provideMerge(MemoryPlatform.layer())
)

/** A use case's method, typed from the root's namespace. */
export const minted = (actor: Actor.Actor) =>
  Effect.gen(function* () {
    const plays = yield* Plays.Plays
    const result = yield* plays.mint(actor, {
      channelId: "ch_1",
      participantRef: "customer-42",
      origin: "https://shop.example.com"
    })
    return result._tag === "Token" ? result.clientToken : undefined
  })

/** The draws' service from its subpath, as a requirement. */
export const draws: Effect.Effect<unknown, never, Draws.Draws> = Effect.gen(function* () {
  return yield* Draws.Draws
})

export const status: Campaign.CampaignStatus = "active"
// @ts-expect-error a campaign's status is one of four, not any string
export const wrong: Campaign.CampaignStatus = "paused-forever"

export type Unreachable = Internal.Account
