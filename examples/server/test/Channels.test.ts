import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { layer as serverLayer, TestServer, withAccount } from "./support/TestServer.ts"

const paths = (body: any): Array<string> => body.error.details.map((d: { path: string }) => d.path)

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("channels", (it) => {
  it.effect("creates a channel with the specification's defaults", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const reply = yield* request("POST", "/v1/channels", { key, body: { name: "Homepage" } })
      assert.strictEqual(reply.status, 201)
      const channel = reply.body.channel
      assert.isString(channel.id)
      assert.strictEqual(channel.name, "Homepage")
      assert.strictEqual(channel.status, "active")
      assert.deepStrictEqual(channel.betweenCampaigns, {})
      assert.strictEqual(channel.maxPlaysPerParticipant, null)
      assert.strictEqual(channel.maxPlaysPerParticipantPerDay, null)
      assert.strictEqual(channel.playLimitTimezone, "UTC")
      assert.match(channel.createdAt, /Z$/)
      const fetched = yield* request("GET", `/v1/channels/${channel.id}`, { key })
      assert.deepStrictEqual(fetched.body, { channel })
    })
  )

  it.effect("stores every field given", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const body = {
        name: "App",
        status: "disabled",
        betweenCampaigns: { title: "Soon", body: "Next game on Monday", imageUrl: "https://cdn.example.com/a.png" },
        maxPlaysPerParticipant: 10000,
        maxPlaysPerParticipantPerDay: 1,
        playLimitTimezone: "Pacific/Auckland"
      }
      const reply = yield* request("POST", "/v1/channels", { key, body })
      assert.strictEqual(reply.status, 201)
      const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = reply.body.channel
      assert.deepStrictEqual(rest, body)
    })
  )

  // Each bound of the Channel table, from both sides.
  const bounds: Array<[string, Record<string, unknown>, string | null]> = [
    ["name empty", { name: "" }, "name"],
    ["name 1", { name: "a" }, null],
    ["name 200", { name: "a".repeat(200) }, null],
    ["name 201", { name: "a".repeat(201) }, "name"],
    ["name missing", {}, "name"],
    ["name not a string", { name: 5 }, "name"],
    ["title 120", { name: "a", betweenCampaigns: { title: "t".repeat(120) } }, null],
    ["title 121", { name: "a", betweenCampaigns: { title: "t".repeat(121) } }, "betweenCampaigns.title"],
    ["body 600", { name: "a", betweenCampaigns: { body: "b".repeat(600) } }, null],
    ["body 601", { name: "a", betweenCampaigns: { body: "b".repeat(601) } }, "betweenCampaigns.body"],
    ["imageUrl https", { name: "a", betweenCampaigns: { imageUrl: "https://x.example/i.png" } }, null],
    [
      "imageUrl http",
      { name: "a", betweenCampaigns: { imageUrl: "http://x.example/i.png" } },
      "betweenCampaigns.imageUrl"
    ],
    ["imageUrl not a URL", { name: "a", betweenCampaigns: { imageUrl: "not a url" } }, "betweenCampaigns.imageUrl"],
    [
      "imageUrl 2048",
      { name: "a", betweenCampaigns: { imageUrl: `https://x.example/${"p".repeat(2048 - 22)}.png` } },
      null
    ],
    [
      "imageUrl 2049",
      { name: "a", betweenCampaigns: { imageUrl: `https://x.example/${"p".repeat(2049 - 22)}.png` } },
      "betweenCampaigns.imageUrl"
    ],
    ["plays 0", { name: "a", maxPlaysPerParticipant: 0 }, "maxPlaysPerParticipant"],
    ["plays 1", { name: "a", maxPlaysPerParticipant: 1 }, null],
    ["plays 10000", { name: "a", maxPlaysPerParticipant: 10000 }, null],
    ["plays 10001", { name: "a", maxPlaysPerParticipant: 10001 }, "maxPlaysPerParticipant"],
    ["plays 1.5", { name: "a", maxPlaysPerParticipant: 1.5 }, "maxPlaysPerParticipant"],
    ["plays null", { name: "a", maxPlaysPerParticipant: null }, null],
    ["daily 0", { name: "a", maxPlaysPerParticipantPerDay: 0 }, "maxPlaysPerParticipantPerDay"],
    ["daily 1", { name: "a", maxPlaysPerParticipantPerDay: 1 }, null],
    ["daily 10000", { name: "a", maxPlaysPerParticipantPerDay: 10000 }, null],
    ["daily 10001", { name: "a", maxPlaysPerParticipantPerDay: 10001 }, "maxPlaysPerParticipantPerDay"],
    ["daily string", { name: "a", maxPlaysPerParticipantPerDay: "3" }, "maxPlaysPerParticipantPerDay"],
    ["timezone valid", { name: "a", playLimitTimezone: "America/New_York" }, null],
    ["timezone empty", { name: "a", playLimitTimezone: "" }, "playLimitTimezone"],
    ["timezone unknown", { name: "a", playLimitTimezone: "Mars/Olympus" }, "playLimitTimezone"],
    ["timezone 65", { name: "a", playLimitTimezone: "A".repeat(65) }, "playLimitTimezone"],
    ["status unknown", { name: "a", status: "paused" }, "status"]
  ]
  for (const [label, body, failing] of bounds) {
    it.effect(`bounds: ${label}`, () =>
      Effect.gen(function* () {
        const { request, key } = yield* withAccount()
        const reply = yield* request("POST", "/v1/channels", { key, body })
        if (failing === null) {
          assert.strictEqual(reply.status, 201, reply.text)
        } else {
          assert.strictEqual(reply.status, 400, reply.text)
          assert.strictEqual(reply.body.error.code, "invalid_request")
          assert.include(paths(reply.body), failing)
          assert.strictEqual((yield* request("GET", "/v1/channels", { key })).body.total, 0)
        }
      })
    )
  }

  it.effect("reports every failing field at once", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const reply = yield* request("POST", "/v1/channels", {
        key,
        body: { name: "", betweenCampaigns: { title: "t".repeat(121) }, maxPlaysPerParticipant: 0 }
      })
      assert.strictEqual(reply.status, 400)
      assert.deepStrictEqual(paths(reply.body).sort(), ["betweenCampaigns.title", "maxPlaysPerParticipant", "name"])
    })
  )

  it.effect("PATCH changes only what is sent; betweenCampaigns null clears it; an empty body is refused", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const created = (yield* request("POST", "/v1/channels", {
        key,
        body: { name: "Shop", betweenCampaigns: { title: "Soon" }, maxPlaysPerParticipant: 5 }
      })).body.channel
      const patched = yield* request("PATCH", `/v1/channels/${created.id}`, {
        key,
        body: { status: "disabled", maxPlaysPerParticipantPerDay: 2 }
      })
      assert.strictEqual(patched.status, 200)
      assert.strictEqual(patched.body.channel.status, "disabled")
      assert.strictEqual(patched.body.channel.name, "Shop")
      assert.strictEqual(patched.body.channel.maxPlaysPerParticipant, 5)
      assert.strictEqual(patched.body.channel.maxPlaysPerParticipantPerDay, 2)
      assert.deepStrictEqual(patched.body.channel.betweenCampaigns, { title: "Soon" })
      const cleared = yield* request("PATCH", `/v1/channels/${created.id}`, {
        key,
        body: { betweenCampaigns: null, maxPlaysPerParticipant: null }
      })
      assert.deepStrictEqual(cleared.body.channel.betweenCampaigns, {})
      assert.strictEqual(cleared.body.channel.maxPlaysPerParticipant, null)
      const empty = yield* request("PATCH", `/v1/channels/${created.id}`, { key, body: {} })
      assert.strictEqual(empty.status, 400)
      const bad = yield* request("PATCH", `/v1/channels/${created.id}`, { key, body: { name: "" } })
      assert.strictEqual(bad.status, 400)
      assert.deepStrictEqual(paths(bad.body), ["name"])
      const stored = yield* request("GET", `/v1/channels/${created.id}`, { key })
      assert.strictEqual(stored.body.channel.name, "Shop")
    })
  )

  it.effect("lists newest first with limit, offset and total; limit and offset are checked", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const ids: Array<string> = []
      for (let i = 0; i < 5; i++) {
        ids.push((yield* request("POST", "/v1/channels", { key, body: { name: `c${i}` } })).body.channel.id)
        // Each created in a millisecond of its own: channels created in the same one are in no set order.
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 2)))
      }
      const all = yield* request("GET", "/v1/channels", { key })
      assert.strictEqual(all.body.total, 5)
      assert.deepStrictEqual(
        all.body.channels.map((c: { name: string }) => c.name),
        ["c4", "c3", "c2", "c1", "c0"]
      )
      const page = yield* request("GET", "/v1/channels?limit=2&offset=1", { key })
      assert.strictEqual(page.status, 200)
      assert.strictEqual(page.body.total, 5)
      assert.deepStrictEqual(
        page.body.channels.map((c: { name: string }) => c.name),
        ["c3", "c2"]
      )
      const beyond = yield* request("GET", "/v1/channels?offset=10", { key })
      assert.deepStrictEqual(beyond.body.channels, [])
      assert.strictEqual(beyond.body.total, 5)
      for (const query of ["limit=0", "limit=201", "limit=abc", "offset=-1", "limit=1.5"]) {
        const reply = yield* request("GET", `/v1/channels?${query}`, { key })
        assert.strictEqual(reply.status, 400, query)
        assert.strictEqual(reply.body.error.code, "invalid_request")
        assert.include(paths(reply.body), query.split("=")[0], JSON.stringify(reply.body))
      }
      assert.strictEqual((yield* request("GET", "/v1/channels?limit=200", { key })).status, 200)
    })
  )

  it.effect("deletes a channel (then 404)", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const { id } = (yield* request("POST", "/v1/channels", { key, body: { name: "Old" } })).body.channel
      const deleted = yield* request("DELETE", `/v1/channels/${id}`, { key })
      assert.strictEqual(deleted.status, 200)
      assert.deepStrictEqual(deleted.body, { deleted: true, id })
      assert.strictEqual((yield* request("GET", `/v1/channels/${id}`, { key })).status, 404)
      assert.strictEqual((yield* request("DELETE", `/v1/channels/${id}`, { key })).status, 404)
    })
  )

  it.effect("402 at the plan's channel limit", () =>
    Effect.gen(function* () {
      const { request, account } = yield* TestServer
      const { key } = yield* account({ limits: { channels: 2 } })
      assert.strictEqual((yield* request("POST", "/v1/channels", { key, body: { name: "1" } })).status, 201)
      assert.strictEqual((yield* request("POST", "/v1/channels", { key, body: { name: "2" } })).status, 201)
      const third = yield* request("POST", "/v1/channels", { key, body: { name: "3" } })
      assert.strictEqual(third.status, 402)
      assert.strictEqual(third.body.error.code, "upgrade_required")
      assert.strictEqual(third.body.error.details[0].path, "limits.channels")
    })
  )

  it.effect("the channel limit holds under concurrent creates", () =>
    Effect.gen(function* () {
      const { request, account } = yield* TestServer
      const { key } = yield* account({ limits: { channels: 3 } })
      const replies = yield* Effect.all(
        Array.from({ length: 20 }, (_, i) => request("POST", "/v1/channels", { key, body: { name: `c${i}` } })),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(replies.filter((r) => r.status === 201).length, 3)
      assert.strictEqual(replies.filter((r) => r.status === 402).length, 17)
      assert.strictEqual((yield* request("GET", "/v1/channels", { key })).body.total, 3)
    })
  )

  it.effect("another account's channel answers 404 everywhere and is never listed", () =>
    Effect.gen(function* () {
      const { request, account } = yield* TestServer
      const a = yield* account()
      const b = yield* account()
      const { id } = (yield* request("POST", "/v1/channels", { key: b.key, body: { name: "B's" } })).body.channel
      assert.strictEqual((yield* request("GET", `/v1/channels/${id}`, { key: a.key })).status, 404)
      assert.strictEqual(
        (yield* request("PATCH", `/v1/channels/${id}`, { key: a.key, body: { name: "x" } })).status,
        404
      )
      assert.strictEqual((yield* request("DELETE", `/v1/channels/${id}`, { key: a.key })).status, 404)
      assert.strictEqual((yield* request("GET", "/v1/channels", { key: a.key })).body.total, 0)
      const still = yield* request("GET", `/v1/channels/${id}`, { key: b.key })
      assert.strictEqual(still.body.channel.name, "B's")
    })
  )
})
