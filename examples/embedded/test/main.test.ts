/**
 * Runs the embedding example (`playAGame`) as a user would and checks what they see: the play's
 * outcome, the `session_completed` delivery arriving at the local receiver with a valid signature
 * and the entry's data, and the refusals (`CampaignsError`) of deleting the played campaign and its channel.
 * On PostgreSQL when `DATABASE_URL` is set (a fresh database), else on the example's own in-memory
 * PGlite. The root README and the core's README show this example's code, character for character.
 */
import { readFileSync } from "node:fs"
import { WebhookSignature } from "@campaign-games/core"
import { NodeEngine } from "@campaign-games/http"
import { Database } from "@campaign-games/sql"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { engine as exampleEngine, playAGame } from "../src/main.ts"

const databaseUrl = process.env.DATABASE_URL
const engine =
  databaseUrl === undefined || databaseUrl === ""
    ? exampleEngine
    : NodeEngine.layer(Database.layerTestPostgres(databaseUrl), { allowPrivateUrls: true })

describe("the embedding example", () => {
  it.live("plays a game through the core alone: the signed delivery arrives, and played things are kept", () =>
    Effect.gen(function* () {
      const { campaign, session, entry, outcome, endpoint, delivery, event, campaignKept, channelKept } =
        yield* playAGame

      assert.strictEqual(session.participantRef, "customer-42")
      assert.strictEqual(entry.sessionId, session.id)
      assert.strictEqual(entry.campaignId, campaign.id)
      assert.isNotNull(outcome)
      assert.include(["win", "lose"], outcome!.id)
      assert.deepStrictEqual(entry.outcome, outcome)

      // The delivery carries a valid signature of the endpoint's secret, and only of those bytes.
      yield* WebhookSignature.verifyWebhook(delivery.body, delivery.signature, endpoint.secret)
      const tampered = yield* Effect.exit(
        WebhookSignature.verifyWebhook(
          delivery.body.replace("customer-42", "customer-43"),
          delivery.signature,
          endpoint.secret
        )
      )
      assert.isTrue(Exit.isFailure(tampered))
      assert.strictEqual(event.type, "session_completed")
      assert.deepStrictEqual(event.data, {
        gameInstanceId: entry.campaignId,
        sessionId: entry.sessionId,
        participantRef: entry.participantRef,
        score: entry.score,
        outcome: { ...entry.outcome }
      })

      // The guards are wired by the engine's one layer: the campaigns' refusals.
      assert.strictEqual(campaignKept._tag, "CampaignsError")
      assert.include(campaignKept.message, "played")
      assert.strictEqual(channelKept._tag, "CampaignsError")
      assert.include(channelKept.message, "campaign")
    }).pipe(Effect.provide(engine))
  )

  it("is the code the READMEs show", () => {
    const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8")
    const main = read("../src/main.ts")
    const code = main.slice(main.indexOf("\nimport ") + 1)
    for (const readme of ["../../../README.md", "../../../packages/core/README.md"]) {
      assert.include(read(readme), "```ts\n" + code + "```", readme)
    }
  })
})
