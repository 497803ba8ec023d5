/**
 * Participants' data on PostgreSQL with real concurrency: two server instances (pools) on one
 * database run retention passes at the same time, again and again, and each player's plays are
 * erased once (one erasure each in the record, every session counted once), while a live
 * campaign's players are kept; and a `cg-draw/1` run made before migration `0012_privacy` is listed
 * again under `cg-draw/2` by it and still verifies after its players are erased.
 */
import { AccountRepo } from "@campaign-games/core/accounts/Account"
import * as Actor from "@campaign-games/core/accounts/Actor"
import { CampaignRepo } from "@campaign-games/core/campaigns/Campaign"
import { ChannelRepo } from "@campaign-games/core/campaigns/Channel"
import { EntryRepo } from "@campaign-games/core/play/Entry"
import { SessionRepo } from "@campaign-games/core/play/Session"
import { Participants, PrivacyEngine, Secrets } from "@campaign-games/core"
import type { Database } from "@campaign-games/sql"
import { assert, describe } from "@effect/vitest"
import {
  makeAccount,
  makeCampaign,
  makeChannel,
  makeEntry,
  makeSession
} from "@campaign-games/testing/internal/Fixtures"
import { type Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Postgres from "./support/Postgres.ts"

const { live, on } = Postgres

const DAY = 86_400_000

/** The participants' use cases and retention worker of one instance (no background loop). */
const instance = (database: Context.Context<Database.Services>) =>
  PrivacyEngine.layer({ background: false }).pipe(
    Layer.provideMerge(Secrets.Secrets.layerWebCrypto),
    Layer.provideMerge(Layer.succeedContext(database))
  )

describe.runIf(Postgres.available)("participants' data on PostgreSQL, two instances", () => {
  live("two instances running retention passes at once erase each player's plays once", function* () {
    const [sa, sb] = yield* Postgres.instances(2, Postgres.store(6))
    const a = yield* Layer.build(instance(sa!))
    const b = yield* Layer.build(instance(sb!))
    const now = yield* DateTime.now
    const players = 40
    const {
      accountId,
      ended,
      live: running
    } = yield* on(a)(
      Effect.gen(function* () {
        const account = makeAccount({ plan: "pro", featureOverrides: {}, limitOverrides: {} })
        yield* (yield* AccountRepo).insert(account)
        const channel = makeChannel(account.id)
        yield* (yield* ChannelRepo).insert(channel)
        const other = makeChannel(account.id)
        yield* (yield* ChannelRepo).insert(other)
        // Ended 800 days ago (the default retention is 730 days), and one live with no end.
        const endedAt = DateTime.makeUnsafe(now.epochMilliseconds - 800 * DAY)
        const ended = makeCampaign(account.id, channel.id, { status: "active", liveUntil: endedAt })
        const live = makeCampaign(account.id, other.id, { status: "active", liveUntil: null })
        yield* (yield* CampaignRepo).insert(ended)
        yield* (yield* CampaignRepo).insert(live)
        for (let p = 0; p < players; p++) {
          for (const [campaign, count] of [
            [ended, 3],
            [live, 1]
          ] as const) {
            for (let i = 0; i < count; i++) {
              const startedAt = DateTime.makeUnsafe(now.epochMilliseconds - 900 * DAY + p * 1000 + i)
              const session = makeSession(campaign, { participantRef: `player${p}@example.com`, startedAt })
              yield* (yield* SessionRepo).insert(session)
              yield* (yield* EntryRepo).insert(
                makeEntry(campaign, {
                  participantRef: session.participantRef,
                  sessionId: session.id,
                  createdAt: startedAt
                })
              )
            }
          }
        }
        return { accountId: account.id, ended, live }
      })
    )
    const passes = (context: typeof a) =>
      on(context)(Effect.flatMap(Effect.service(PrivacyEngine.RetentionWorker), (w) => w.runOnce))
    const made = yield* Effect.all([passes(a), passes(b), passes(a), passes(b)], { concurrency: "unbounded" })
    assert.strictEqual(
      made.reduce((x, y) => x + y, 0),
      players,
      "one erasure per player, whichever instance made it"
    )
    const sql = yield* on(a)(Effect.service(SqlClient.SqlClient))
    const [counts] = yield* sql`SELECT count(*)::int, coalesce(sum(sessions), 0)::int, coalesce(sum(entries), 0)::int
      FROM privacy_erasures WHERE account_id = ${accountId} AND reason = 'retention'`.values
    assert.deepStrictEqual(counts, [players, players * 3, players * 3], "each row erased once")
    const [left] = yield* sql`SELECT
        count(*) FILTER (WHERE campaign_id = ${ended.id} AND participant_ref LIKE 'player%')::int,
        count(*) FILTER (WHERE campaign_id = ${running.id} AND participant_ref LIKE 'player%')::int,
        count(*) FILTER (WHERE campaign_id = ${ended.id} AND participant_ref ~ '^erased_[0-9a-f]{24}$')::int
      FROM sessions`.values
    assert.deepStrictEqual(left, [0, players, players * 3], "the ended campaign's players erased, the live one's kept")
    assert.deepStrictEqual(yield* Effect.all([passes(a), passes(b)]), [0, 0], "nothing left to erase")
    // The same player keeps one pseudonym across instances.
    const participants = yield* on(b)(Effect.service(Participants.Participants))
    const actor = Actor.system(makeAccount({ id: accountId }))
    const exported = yield* on(b)(
      participants.export(actor, yield* participants.pseudonym(accountId, "player0@example.com"))
    )
    assert.strictEqual(exported.sessions.length, 3)
  })
})
