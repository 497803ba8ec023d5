/**
 * The error model as an embedder meets it: each subsystem's service fails with its own error
 * (`PlaysError`, `DrawsError`, …) whose typed `reason` says what happened, caught by reason; the
 * error's message and details are its reason's; what every subsystem shares fails on its own; an
 * error survives its schema (encoded, then decoded) with its reason. And, checked by the compiler:
 * no use case of draws or plays admits a reason its subsystem cannot produce.
 */
import { assert, describe, expectTypeOf, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import type * as Draws from "../src/draws/Draws.ts"
import * as Errors from "../src/Errors.ts"
import type * as Plays from "../src/play/Plays.ts"

const limitReached = new Errors.PlaysError({
  reason: new Errors.PlayLimitReached({
    reached: [
      { scope: "campaign", period: "perDay", limit: 3 },
      { scope: "channel", period: "perDay", limit: 5 }
    ],
    resetsAt: null
  })
})
const tokenUsed = new Errors.PlaysError({ reason: new Errors.TokenAlreadyUsed({ jti: "jti_1" }) })

/** What a caller of the engine does with a refused play, by its reason. */
const handle = (error: Errors.PlaysError) =>
  Effect.fail(error).pipe(
    Effect.catchReasons("PlaysError", {
      PlayLimitReached: (reason) => Effect.succeed(`come back later (${reason.scope}, ${reason.limit})`),
      TokenAlreadyUsed: (reason) => Effect.succeed(`mint again (${reason.jti})`)
    }),
    Effect.catchTag("PlaysError", (other) => Effect.succeed(`other: ${other.reason._tag}`))
  )

/** The failures a use case can end with. */
type FailureOf<F> = F extends (...args: ReadonlyArray<never>) => Effect.Effect<unknown, infer E, unknown>
  ? E
  : F extends Effect.Effect<unknown, infer E, unknown>
    ? E
    : never
/** What each failure says happened: a subsystem error's reason, or the shared failure itself. */
type ReasonOf<E> = E extends { readonly reason: infer R } ? R : E
/** Every reason any use case of `S` admits. */
type ReasonsOfService<S> = { readonly [K in keyof S]: ReasonOf<FailureOf<S[K]>> }[keyof S]

/** Whether `A` and `B` admit the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

type DrawsReasons = ReasonsOfService<Draws.Draws["Service"]>
type PlaysReasons = ReasonsOfService<Plays.Plays["Service"]>

describe("Errors", () => {
  it.effect("two refused plays are told apart by their reasons, not their messages", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* handle(limitReached), "come back later (campaign, 3)")
      assert.strictEqual(yield* handle(tokenUsed), "mint again (jti_1)")
      const closed = new Errors.PlaysError({
        reason: new Errors.GameUnavailable({ campaignId: "gi_1", because: "campaignNotActive" })
      })
      assert.strictEqual(yield* handle(closed), "other: GameUnavailable")
    })
  )

  it.effect("a subsystem error's message and details are its reason's", () =>
    Effect.gen(function* () {
      assert.strictEqual(limitReached.message, "You have used all your plays for today.")
      assert.deepStrictEqual(limitReached.details, [
        {
          path: "campaign.maxPlaysPerParticipantPerDay",
          message: "the limit of 3 plays per player per day on this campaign is reached"
        },
        {
          path: "channel.maxPlaysPerParticipantPerDay",
          message: "the limit of 5 plays per player per day on this channel is reached"
        }
      ])
      assert.strictEqual(tokenUsed.message, "This client token was already used; mint a new one.")
      assert.isUndefined(tokenUsed.details)
    })
  )

  it.effect("a shared failure fails on its own, with its message and details", () =>
    Effect.gen(function* () {
      const missing = new Errors.ResourceNotFound({ resource: "apiKey", id: "key_1" })
      assert.strictEqual(missing.message, "No active API key key_1.")
      const denied = new Errors.MissingPermission({ permissions: ["draws.run", "results.read"] })
      assert.strictEqual(denied.message, "This key lacks the permissions draws.run, results.read.")
      assert.deepStrictEqual(denied.details, [
        { path: "permissions", message: "missing draws.run" },
        { path: "permissions", message: "missing results.read" }
      ])
      const caught = yield* Effect.fail(denied).pipe(
        Effect.catchTag("MissingPermission", (error) => Effect.succeed(error.permissions.join()))
      )
      assert.strictEqual(caught, "draws.run,results.read")
    })
  )

  it.effect("an error encodes with its reason's data, and decodes back to the same reason", () =>
    Effect.gen(function* () {
      const encoded = Schema.encodeSync(Errors.PlaysError)(limitReached)
      assert.deepStrictEqual(encoded, {
        _tag: "PlaysError",
        reason: {
          _tag: "PlayLimitReached",
          reached: [
            { scope: "campaign", period: "perDay", limit: 3 },
            { scope: "channel", period: "perDay", limit: 5 }
          ],
          resetsAt: null
        }
      })
      const decoded = Schema.decodeUnknownSync(Errors.PlaysError)(encoded)
      assert.instanceOf(decoded, Errors.PlaysError)
      assert.instanceOf(decoded.reason, Errors.PlayLimitReached)
      assert.strictEqual(decoded.message, limitReached.message)
    })
  )

  it("no use case of draws admits a reason draws cannot produce", () => {
    expectTypeOf<
      Same<
        DrawsReasons,
        | Errors.DrawRunNotFound
        | Errors.DrawNotManual
        | Errors.DrawAwaitsResolution
        | Errors.ResourceNotFound
        | Errors.MissingPermission
        | Errors.StoreError
      >
    >().toEqualTypeOf<true>()
    expectTypeOf<Extract<DrawsReasons, Errors.PlayLimitReached>>().toBeNever()
    // A draw by hand can be refused for its trigger; reading a run cannot.
    expectTypeOf<
      Same<Extract<ReasonOf<FailureOf<Draws.Draws["Service"]["trigger"]>>, Errors.DrawNotManual>, Errors.DrawNotManual>
    >().toEqualTypeOf<true>()
    expectTypeOf<Extract<FailureOf<Draws.Draws["Service"]["runs"]>, Errors.DrawsError>>().toBeNever()
  })

  it("no use case of plays admits a reason plays cannot produce", () => {
    expectTypeOf<
      Same<
        PlaysReasons,
        | Errors.PlaysReason
        | Errors.PlanReason
        | Errors.GameReason
        | Errors.InvalidFields
        | Errors.ResourceNotFound
        | Errors.MissingPermission
        | Errors.StoreError
      >
    >().toEqualTypeOf<true>()
    expectTypeOf<Extract<PlaysReasons, Errors.DrawNotManual | Errors.CampaignArchived>>().toBeNever()
  })
})
