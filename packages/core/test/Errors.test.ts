/**
 * The error model as an embedder meets it: a category (`Conflict`, …) whose typed `reason` says what
 * happened, caught by category or by reason; the category's message and details are the reason's;
 * a category made from a message alone carries `Unspecified`; and an error survives its schema
 * (encoded, then decoded) with its reason.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as Errors from "../src/Errors.ts"

const limitReached = new Errors.Conflict({
  reason: new Errors.PlayLimitReached({
    reached: [
      { scope: "campaign", period: "perDay", limit: 3 },
      { scope: "channel", period: "perDay", limit: 5 }
    ],
    resetsAt: null
  })
})
const tokenUsed = new Errors.Conflict({ reason: new Errors.TokenAlreadyUsed({ jti: "jti_1" }) })

/** What a caller of the engine does with a conflict, by its reason. */
const handle = (error: Errors.Conflict) =>
  Effect.fail(error).pipe(
    Effect.catchReasons("Conflict", {
      PlayLimitReached: (reason) => Effect.succeed(`come back later (${reason.scope}, ${reason.limit})`),
      TokenAlreadyUsed: (reason) => Effect.succeed(`mint again (${reason.jti})`)
    }),
    Effect.catchTag("Conflict", (other) => Effect.succeed(`other: ${other.reason._tag}`))
  )

describe("Errors", () => {
  it.effect("two conflicts are told apart by their reasons, not their messages", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* handle(limitReached), "come back later (campaign, 3)")
      assert.strictEqual(yield* handle(tokenUsed), "mint again (jti_1)")
      const played = new Errors.Conflict({ reason: new Errors.CampaignPlayed({ campaignId: "gi_1" }) })
      assert.strictEqual(yield* handle(played), "other: CampaignPlayed")
    })
  )

  it.effect("a category's message and details are its reason's", () =>
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
      const missing = new Errors.NotFound({ reason: new Errors.ResourceNotFound({ resource: "apiKey", id: "key_1" }) })
      assert.strictEqual(missing.message, "No active API key key_1.")
    })
  )

  it.effect("a category made from a message alone carries it as Unspecified", () =>
    Effect.gen(function* () {
      const made = new Errors.Conflict({
        reason: Errors.unspecified("Not now.", [{ path: "when", message: "too early" }])
      })
      assert.strictEqual(made.reason._tag, "Unspecified")
      assert.strictEqual(made.message, "Not now.")
      assert.deepStrictEqual(made.details, [{ path: "when", message: "too early" }])
      assert.isUndefined(new Errors.NotFound({ reason: Errors.unspecified("no") }).details)
    })
  )

  it.effect("an error encodes with its reason's data, and decodes back to the same reason", () =>
    Effect.gen(function* () {
      const encoded = Schema.encodeSync(Errors.Conflict)(limitReached)
      assert.deepStrictEqual(encoded, {
        _tag: "Conflict",
        reason: {
          _tag: "PlayLimitReached",
          reached: [
            { scope: "campaign", period: "perDay", limit: 3 },
            { scope: "channel", period: "perDay", limit: 5 }
          ],
          resetsAt: null
        }
      })
      const decoded = Schema.decodeUnknownSync(Errors.Conflict)(encoded)
      assert.instanceOf(decoded, Errors.Conflict)
      assert.instanceOf(decoded.reason, Errors.PlayLimitReached)
      assert.strictEqual(decoded.message, limitReached.message)
    })
  )
})
