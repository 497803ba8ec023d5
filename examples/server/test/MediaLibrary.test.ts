/**
 * The media library as a backend manages it: listing files (by folder, kind and name; sorted;
 * paged with a total), getting one, renaming and moving (the URL stays), deleting (assets.delete:
 * the bytes go and the URL stops serving), folders (create, list, rename, move, never inside
 * themselves, deletion confirmed twice: subfolders deleted, files moved up), where each file is
 * used, and the file rule: a library URL in a campaign config, a theme, the branding or a channel's
 * between-campaigns image is judged by
 * the file's stored type.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { sampleOf } from "./fixtures/media/Samples.ts"
import { fetchBytes, presign, uploaded } from "./fixtures/media/Uploads.ts"
import * as Steps from "./support/Steps.ts"
import { layer as serverLayer, type Reply, type RequestOptions, withAccount } from "./support/TestServer.ts"

type Send = (method: string, path: string, options?: RequestOptions) => Effect.Effect<Reply>

const ids = (items: ReadonlyArray<{ readonly id: string }>) => items.map((i) => i.id)

const wheel = {
  segments: [
    { id: "win", label: "10% off", isWin: true },
    { id: "lose", label: "Next time", isWin: false }
  ],
  art: Steps.WHEEL_ART,
  sounds: Steps.WHEEL_SOUNDS
}

/** A folder as the API answers it (the fields the tests read). */
interface Folder {
  readonly id: string
  readonly parentId: string | null
  readonly name: string
}

layer(serverLayer(), { excludeTestServices: true, timeout: "120 seconds" })("media library", (it) => {
  const folder = (request: Send, key: string, body: Record<string, unknown>) =>
    Effect.map(request("POST", "/v1/tenant/asset-folders", { key, body }), (reply) => {
      assert.strictEqual(reply.status, 201, reply.text)
      return reply.body.folder as Folder
    })

  /** Folders named `names`, each inside the one before (the first at the top level). */
  const nested = (request: Send, key: string, ...names: ReadonlyArray<string>) =>
    Effect.gen(function* () {
      const made: Array<Folder> = []
      for (const name of names) {
        const parent = made.at(-1)
        made.push(yield* folder(request, key, parent === undefined ? { name } : { name, parentId: parent.id }))
      }
      return made
    })

  it.effect("lists filter by folder (or root), kind and name; sort either way; page with a total", () =>
    Effect.gen(function* () {
      const { account, request, key } = yield* withAccount()
      const photos = yield* folder(request, key, { name: "Photos" })
      const logo = yield* uploaded(request, key, { ...sampleOf("image/png"), filename: "Logo.png" })
      const song = yield* uploaded(
        request,
        key,
        { ...sampleOf("audio/mpeg"), filename: "a song.mp3" },
        { folderId: photos.id }
      )
      const clip = yield* uploaded(
        request,
        key,
        { ...sampleOf("video/mp4"), filename: "z-logo.mp4" },
        { folderId: photos.id }
      )
      const pending = yield* presign(request, key, { ...sampleOf("image/gif"), filename: "b.gif" })
      const other = yield* account()
      yield* uploaded(request, other.key, sampleOf("image/png"))
      const list = (query: string) => request("GET", `/v1/tenant/assets${query}`, { key })

      const all = yield* list("")
      assert.strictEqual(all.status, 200)
      assert.deepStrictEqual(ids(all.body.assets), [pending.body.asset.id, clip.id, song.id, logo.id], "newest first")
      assert.strictEqual(all.body.total, 4)
      assert.deepStrictEqual(ids((yield* list("?dir=asc")).body.assets), [
        logo.id,
        song.id,
        clip.id,
        pending.body.asset.id
      ])
      assert.deepStrictEqual(ids((yield* list("?sort=filename&dir=asc")).body.assets), [
        logo.id,
        song.id,
        pending.body.asset.id,
        clip.id
      ])
      const bySize = (yield* list("?sort=sizeBytes&dir=desc")).body.assets
      assert.strictEqual(bySize.at(-1).id, pending.body.asset.id, "a file without a size comes last")
      assert.deepStrictEqual(ids((yield* list(`?folderId=${photos.id}`)).body.assets), [clip.id, song.id])
      assert.deepStrictEqual(ids((yield* list("?folderId=root")).body.assets), [pending.body.asset.id, logo.id])
      assert.deepStrictEqual(ids((yield* list("?kind=sound")).body.assets), [song.id])
      assert.deepStrictEqual(ids((yield* list("?kind=image&dir=asc")).body.assets), [logo.id, pending.body.asset.id])
      assert.deepStrictEqual(ids((yield* list("?search=LOGO&dir=asc")).body.assets), [logo.id, clip.id])
      const page = yield* list("?limit=2&offset=1&dir=asc")
      assert.deepStrictEqual(ids(page.body.assets), [song.id, clip.id])
      assert.strictEqual(page.body.total, 4)
    })
  )

  it.effect("list bounds: limit 1 to 200, offset from 0, known sorts and kinds; an unknown folder is 404", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      for (const [query, path] of [
        ["?limit=0", "limit"],
        ["?limit=201", "limit"],
        ["?offset=-1", "offset"],
        ["?sort=size", "sort"],
        ["?dir=up", "dir"],
        ["?kind=font", "kind"],
        [`?search=${"a".repeat(201)}`, "search"],
        [`?folderId=${"f".repeat(65)}`, "folderId"]
      ]) {
        const reply = yield* request("GET", `/v1/tenant/assets${query}`, { key })
        assert.strictEqual(reply.status, 400, query)
        assert.include(Steps.paths(reply.body), path, reply.text)
      }
      assert.strictEqual((yield* request("GET", "/v1/tenant/assets?limit=200", { key })).status, 200)
      const unknown = yield* request("GET", "/v1/tenant/assets?folderId=fld_nope", { key })
      assert.strictEqual(unknown.status, 404)
      assert.deepStrictEqual(Steps.paths(unknown.body), ["folderId"])
    })
  )

  it.effect("get one file; another account's is 404", () =>
    Effect.gen(function* () {
      const { account, request, key } = yield* withAccount()
      const asset = yield* uploaded(request, key, sampleOf("image/webp"))
      const got = yield* request("GET", `/v1/tenant/assets/${asset.id}`, { key })
      assert.strictEqual(got.status, 200)
      assert.deepStrictEqual(got.body.asset, asset)
      const other = yield* account()
      assert.strictEqual((yield* request("GET", `/v1/tenant/assets/${asset.id}`, { key: other.key })).status, 404)
    })
  )

  it.effect("rename and move a file: the URL stays; null takes it out of its folder; an unknown folder is 404", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const asset = yield* uploaded(request, key, sampleOf("image/png"))
      const box = yield* folder(request, key, { name: "Box" })
      const moved = yield* request("PATCH", `/v1/tenant/assets/${asset.id}`, {
        key,
        body: { filename: "Été.png", folderId: box.id }
      })
      assert.strictEqual(moved.status, 200, moved.text)
      assert.deepInclude(moved.body.asset, { filename: "Été.png", folderId: box.id, url: asset.url })
      const out = yield* request("PATCH", `/v1/tenant/assets/${asset.id}`, { key, body: { folderId: null } })
      assert.strictEqual(out.body.asset.folderId, null)
      assert.strictEqual(out.body.asset.filename, "Été.png")
      const unknown = yield* request("PATCH", `/v1/tenant/assets/${asset.id}`, { key, body: { folderId: "fld_x" } })
      assert.strictEqual(unknown.status, 404)
      assert.deepStrictEqual(Steps.paths(unknown.body), ["folderId"])
      for (const [body, path] of [
        [{}, "body"],
        [{ filename: "" }, "filename"],
        [{ filename: "x".repeat(201) }, "filename"],
        [{ url: "https://elsewhere" }, "url"]
      ] as const) {
        const reply = yield* request("PATCH", `/v1/tenant/assets/${asset.id}`, { key, body })
        assert.strictEqual(reply.status, 400, JSON.stringify(body))
        assert.include(Steps.paths(reply.body), path, reply.text)
      }
      assert.strictEqual(
        (yield* request("PATCH", "/v1/tenant/assets/ast_none", { key, body: { filename: "x" } })).status,
        404
      )
    })
  )

  it.effect("delete needs assets.delete; it removes the file, its bytes and its storage, once", () =>
    Effect.gen(function* () {
      const { account, request, key } = yield* withAccount()
      const sample = sampleOf("audio/wav")
      const limited = yield* account({ limits: { storageBytes: sample.bytes.length } })
      const asset = yield* uploaded(request, limited.key, sample)
      const manager = yield* Steps.keyWith(Steps.caller(request, limited.key), "assets.read", "assets.manage")
      const refused = yield* request("DELETE", `/v1/tenant/assets/${asset.id}`, { key: manager })
      assert.strictEqual(refused.status, 403)
      assert.strictEqual((yield* fetchBytes(asset.url)).status, 200)
      assert.strictEqual((yield* presign(request, limited.key, sample)).status, 402, "the storage is full")
      const deleted = yield* request("DELETE", `/v1/tenant/assets/${asset.id}`, { key: limited.key })
      assert.strictEqual(deleted.status, 200)
      assert.deepStrictEqual(deleted.body, { deleted: true, id: asset.id })
      assert.strictEqual((yield* fetchBytes(asset.url)).status, 404)
      assert.strictEqual((yield* request("GET", `/v1/tenant/assets/${asset.id}`, { key: limited.key })).status, 404)
      assert.strictEqual((yield* request("DELETE", `/v1/tenant/assets/${asset.id}`, { key: limited.key })).status, 404)
      assert.strictEqual((yield* presign(request, limited.key, sample)).status, 201, "its storage is free again")
      assert.strictEqual((yield* request("DELETE", `/v1/tenant/assets/${asset.id}`, { key })).status, 404)
    })
  )

  it.effect("assets.read lists and gets; without it, 403", () =>
    Effect.gen(function* () {
      const { request, keyWith } = yield* withAccount()
      const k = yield* keyWith("assets.manage")
      for (const path of ["/v1/tenant/assets", "/v1/tenant/assets/usage", "/v1/tenant/asset-folders"]) {
        const reply = yield* request("GET", path, { key: k })
        assert.strictEqual(reply.status, 403, path)
      }
    })
  )

  it.effect("every operation names its permission (403 without it) and needs a key (401)", () =>
    Effect.gen(function* () {
      const { request, key, keyWith } = yield* withAccount()
      const asset = yield* uploaded(request, key, sampleOf("image/png"))
      const box = yield* folder(request, key, { name: "Box" })
      const operations: Array<[string, string, Record<string, unknown> | undefined, string]> = [
        ["POST", "/v1/tenant/assets/presign", { filename: "a.png", contentType: "image/png" }, "assets.manage"],
        ["POST", `/v1/tenant/assets/${asset.id}/confirm`, undefined, "assets.manage"],
        ["POST", "/v1/tenant/assets/import", { url: "https://cdn.example.com/a.png" }, "assets.manage"],
        ["GET", "/v1/tenant/assets", undefined, "assets.read"],
        ["GET", "/v1/tenant/assets/usage", undefined, "assets.read"],
        ["GET", `/v1/tenant/assets/${asset.id}`, undefined, "assets.read"],
        ["PATCH", `/v1/tenant/assets/${asset.id}`, { filename: "b.png" }, "assets.manage"],
        ["DELETE", `/v1/tenant/assets/${asset.id}`, undefined, "assets.delete"],
        ["POST", "/v1/tenant/asset-folders", { name: "x" }, "assets.manage"],
        ["GET", "/v1/tenant/asset-folders", undefined, "assets.read"],
        ["GET", `/v1/tenant/asset-folders/${box.id}`, undefined, "assets.read"],
        ["PATCH", `/v1/tenant/asset-folders/${box.id}`, { name: "y" }, "assets.manage"],
        ["DELETE", `/v1/tenant/asset-folders/${box.id}?confirm=true`, undefined, "assets.manage"]
      ]
      const all = ["assets.read", "assets.manage", "assets.delete"]
      for (const [method, path, body, permission] of operations) {
        const lacking = yield* keyWith(...all.filter((p) => p !== permission))
        const refused = yield* request(method, path, { key: lacking, ...(body === undefined ? {} : { body }) })
        assert.strictEqual(refused.status, 403, `${method} ${path} without ${permission}`)
        assert.strictEqual(refused.body.error.code, "forbidden")
        assert.include(refused.body.error.message, permission)
        const anonymous = yield* request(method, path, body === undefined ? {} : { body })
        assert.strictEqual(anonymous.status, 401, `${method} ${path} without a key`)
      }
      assert.strictEqual(
        (yield* request("GET", `/v1/tenant/assets/${asset.id}`, { key })).status,
        200,
        "nothing changed"
      )
      assert.strictEqual((yield* request("GET", `/v1/tenant/asset-folders/${box.id}`, { key })).status, 200)
    })
  )

  it.effect("folders: create (top level or in a parent), get, list by parent; bounds and unknown parents", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const top = yield* folder(request, key, { name: "Brand" })
      assert.strictEqual(top.parentId, null)
      const child = yield* folder(request, key, { name: "Logos", parentId: top.id })
      const second = yield* folder(request, key, { name: "Audio", parentId: null })
      assert.strictEqual(child.parentId, top.id)
      const got = yield* request("GET", `/v1/tenant/asset-folders/${child.id}`, { key })
      assert.deepStrictEqual(got.body.folder, child)
      const all = yield* request("GET", "/v1/tenant/asset-folders", { key })
      assert.deepStrictEqual(ids(all.body.folders), [second.id, top.id, child.id], "by name")
      assert.strictEqual(all.body.total, 3)
      assert.deepStrictEqual(
        ids((yield* request("GET", "/v1/tenant/asset-folders?parentId=root", { key })).body.folders),
        [second.id, top.id]
      )
      assert.deepStrictEqual(
        ids((yield* request("GET", `/v1/tenant/asset-folders?parentId=${top.id}`, { key })).body.folders),
        [child.id]
      )
      assert.strictEqual((yield* request("GET", "/v1/tenant/asset-folders?parentId=fld_x", { key })).status, 404)
      assert.strictEqual((yield* request("GET", "/v1/tenant/asset-folders/fld_x", { key })).status, 404)
      for (const [body, path] of [
        [{ name: "" }, "name"],
        [{ name: "n".repeat(81) }, "name"],
        [{}, "name"],
        [{ name: "x", parentId: "p".repeat(65) }, "parentId"],
        [{ name: "x", color: "red" }, "color"]
      ] as const) {
        const reply = yield* request("POST", "/v1/tenant/asset-folders", { key, body })
        assert.strictEqual(reply.status, 400, JSON.stringify(body))
        assert.include(Steps.paths(reply.body), path)
      }
      const orphan = yield* request("POST", "/v1/tenant/asset-folders", { key, body: { name: "x", parentId: "fld_x" } })
      assert.strictEqual(orphan.status, 404)
      assert.deepStrictEqual(Steps.paths(orphan.body), ["parentId"])
      assert.strictEqual((yield* folder(request, key, { name: "n".repeat(80) })).name.length, 80)
    })
  )

  it.effect("folders rename and move, never inside themselves or their own subfolders (409)", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const [a, b, c] = yield* nested(request, key, "A", "B", "C")
      const d = yield* folder(request, key, { name: "D" })
      const patch = (id: string, body: Record<string, unknown>) =>
        request("PATCH", `/v1/tenant/asset-folders/${id}`, { key, body })
      const renamed = yield* patch(b.id, { name: "B2" })
      assert.strictEqual(renamed.status, 200)
      assert.deepInclude(renamed.body.folder, { name: "B2", parentId: a.id })
      for (const parentId of [a.id, b.id, c.id]) {
        const cycle = yield* patch(a.id, { parentId })
        assert.strictEqual(cycle.status, 409, parentId)
        assert.strictEqual(cycle.body.error.code, "conflict")
        assert.deepStrictEqual(Steps.paths(cycle.body), ["parentId"])
      }
      assert.strictEqual((yield* patch(a.id, { parentId: d.id })).status, 200, "a sibling tree is fine")
      assert.strictEqual((yield* patch(c.id, { parentId: null })).body.folder.parentId, null)
      assert.strictEqual((yield* patch(c.id, { parentId: "fld_x" })).status, 404)
      assert.strictEqual((yield* patch("fld_x", { name: "x" })).status, 404)
      assert.strictEqual((yield* patch(c.id, {})).status, 400)
    })
  )

  it.effect("deleting a folder asks for confirm=true, then deletes its subtree and moves its files up", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const [parent, doomed, sub] = yield* nested(request, key, "Parent", "Doomed", "Sub")
      const inDoomed = yield* uploaded(request, key, sampleOf("image/png"), { folderId: doomed.id })
      const inSub = yield* uploaded(request, key, sampleOf("audio/ogg"), { folderId: sub.id })
      const unconfirmed = yield* request("DELETE", `/v1/tenant/asset-folders/${doomed.id}`, { key })
      assert.strictEqual(unconfirmed.status, 409)
      assert.strictEqual(unconfirmed.body.error.code, "confirmation_required")
      assert.deepStrictEqual(Steps.paths(unconfirmed.body), ["confirm"])
      assert.match(unconfirmed.body.error.message, /1 subfolder and moves 2 files to its parent folder/)
      assert.strictEqual(
        (yield* request("DELETE", `/v1/tenant/asset-folders/${doomed.id}?confirm=false`, { key })).status,
        409
      )
      assert.strictEqual(
        (yield* request("GET", `/v1/tenant/asset-folders/${sub.id}`, { key })).status,
        200,
        "nothing deleted yet"
      )
      const confirmed = yield* request("DELETE", `/v1/tenant/asset-folders/${doomed.id}?confirm=true`, { key })
      assert.strictEqual(confirmed.status, 200, confirmed.text)
      assert.deepStrictEqual(confirmed.body, { deleted: true, id: doomed.id, foldersDeleted: 2, filesMoved: 2 })
      assert.strictEqual((yield* request("GET", `/v1/tenant/asset-folders/${sub.id}`, { key })).status, 404)
      for (const asset of [inDoomed, inSub]) {
        const got = yield* request("GET", `/v1/tenant/assets/${asset.id}`, { key })
        assert.strictEqual(got.body.asset.folderId, parent.id)
        assert.strictEqual((yield* fetchBytes(asset.url)).status, 200, "no file is deleted; its URL works")
      }
      const top = yield* folder(request, key, { name: "Top" })
      const file = yield* uploaded(request, key, sampleOf("image/gif"), { folderId: top.id })
      const unconfirmedTop = yield* request("DELETE", `/v1/tenant/asset-folders/${top.id}`, { key })
      assert.match(unconfirmedTop.body.error.message, /0 subfolders and moves 1 file to the top level/)
      assert.strictEqual(
        (yield* request("DELETE", `/v1/tenant/asset-folders/${top.id}?confirm=true`, { key })).status,
        200
      )
      assert.strictEqual((yield* request("GET", `/v1/tenant/assets/${file.id}`, { key })).body.asset.folderId, null)
      assert.strictEqual(
        (yield* request("DELETE", `/v1/tenant/asset-folders/${top.id}?confirm=true`, { key })).status,
        404
      )
      assert.strictEqual(
        (yield* request("DELETE", `/v1/tenant/asset-folders/${parent.id}?confirm=yes`, { key })).status,
        400
      )
    })
  )

  it.effect("usage names where each file's URL is used: campaign configs and themes, the branding, rewards", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const image = yield* uploaded(request, key, sampleOf("image/png"))
      const sound = yield* uploaded(request, key, sampleOf("audio/mpeg"))
      const unused = yield* uploaded(request, key, sampleOf("image/gif"))
      const channel = yield* request("POST", "/v1/channels", { key, body: { name: "Home" } })
      const campaign = yield* request("POST", "/v1/game-instances", {
        key,
        body: {
          gameSlug: "spin-the-wheel",
          name: "Wheel",
          channelId: channel.body.channel.id,
          config: { ...wheel, art: { background: image.url }, sounds: { win: sound.url } },
          theme: { logoUrl: image.url }
        }
      })
      assert.strictEqual(campaign.status, 201, campaign.text)
      const branding = yield* request("PUT", "/v1/tenant/branding", { key, body: { backgroundUrl: image.url } })
      assert.strictEqual(branding.status, 200, branding.text)
      const id = campaign.body.gameInstance.id
      const reward = yield* request("PUT", `/v1/game-instances/${id}/reward`, {
        key,
        body: {
          tiers: [{ match: { when: "everyone" }, display: { title: "Prize" }, codeStrategy: "pool" }],
          page: { blocks: [{ id: "pic", type: "image", url: image.url, alt: "The prize" }] }
        }
      })
      assert.strictEqual(reward.status, 200, reward.text)
      const usage = yield* request("GET", "/v1/tenant/assets/usage", { key })
      assert.strictEqual(usage.status, 200)
      assert.deepStrictEqual(
        usage.body.usage.map((u: any) => u.asset.id).sort(),
        [image.id, sound.id].sort(),
        "only files in use"
      )
      const ofImage = usage.body.usage.find((u: any) => u.asset.id === image.id)
      assert.sameDeepMembers(ofImage.uses, [
        { resource: "campaign", id, path: "config.art.background" },
        { resource: "campaign", id, path: "theme.logoUrl" },
        { resource: "branding", id: null, path: "backgroundUrl" },
        { resource: "reward", id, path: "page.blocks.0.url" }
      ])
      const one = yield* request("GET", `/v1/tenant/assets/usage?assetId=${sound.id}`, { key })
      assert.deepStrictEqual(one.body.usage, [
        { asset: sound, uses: [{ resource: "campaign", id, path: "config.sounds.win" }] }
      ])
      const none = yield* request("GET", `/v1/tenant/assets/usage?assetId=${unused.id}`, { key })
      assert.deepStrictEqual(none.body.usage, [{ asset: unused, uses: [] }])
      assert.strictEqual((yield* request("GET", "/v1/tenant/assets/usage?assetId=ast_x", { key })).status, 404)
    })
  )

  it.effect("the file rule judges a library URL by the file's stored type, wherever it is named", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const image = yield* uploaded(request, key, { ...sampleOf("image/png"), filename: "looks-like.mp3" })
      const sound = yield* uploaded(request, key, { ...sampleOf("audio/ogg"), filename: "looks-like.png" })
      const animation = yield* uploaded(request, key, sampleOf("application/json"))
      const video = yield* uploaded(request, key, sampleOf("video/webm"))
      const pending = yield* presign(request, key, sampleOf("image/png"))
      const channel = yield* request("POST", "/v1/channels", { key, body: { name: "Home" } })
      const create = (config: Record<string, unknown>, theme?: Record<string, unknown>) =>
        request("POST", "/v1/game-instances", {
          key,
          body: {
            gameSlug: "spin-the-wheel",
            name: "Wheel",
            channelId: channel.body.channel.id,
            config: { ...wheel, ...config },
            ...(theme === undefined ? {} : { theme })
          }
        })
      assert.strictEqual((yield* create({ art: { background: image.url }, sounds: { spin: sound.url } })).status, 201)
      const refusals: Array<[Record<string, unknown>, Record<string, unknown> | undefined, string, string]> = [
        [{ art: { background: sound.url } }, undefined, "config.art.background", "must be an image"],
        [{ sounds: { win: image.url } }, undefined, "config.sounds.win", "must be a sound"],
        [{ art: { pointer: animation.url } }, undefined, "config.art.pointer", "must be an image"],
        [
          { art: { background: pending.body.asset.url } },
          undefined,
          "config.art.background",
          "is not an available file of the media library"
        ],
        [{}, { logoUrl: video.url }, "theme.logoUrl", "must be an image"],
        [
          {},
          { decorations: { top: { url: image.url, kind: "lottie", size: "small" } } },
          "theme.decorations.top.url",
          "must be a Lottie animation"
        ],
        [
          {},
          { background: { animation: { kind: "video", url: animation.url } } },
          "theme.background.animation.url",
          "must be a video"
        ],
        [
          {},
          { background: { animation: { kind: "lottie", url: "https://cdn.example.com/a.json" } } },
          "theme.background.animation.url",
          "must be a file from the media library"
        ]
      ]
      for (const [config, theme, path, message] of refusals) {
        const reply = yield* create(config, theme)
        assert.strictEqual(reply.status, 400, `${path}: ${reply.text}`)
        assert.deepInclude(reply.body.error.details, { path, message })
      }
      const themed = yield* create(
        {},
        {
          decorations: { bottom: { url: animation.url, kind: "lottie", size: "large" } },
          background: { animation: { kind: "video", url: video.url } }
        }
      )
      assert.strictEqual(themed.status, 201, themed.text)
      const branding = yield* request("PUT", "/v1/tenant/branding", { key, body: { logoUrl: sound.url } })
      assert.strictEqual(branding.status, 400)
      assert.deepInclude(branding.body.error.details, { path: "logoUrl", message: "must be an image" })
      const brandingOk = yield* request("PUT", "/v1/tenant/branding", {
        key,
        body: { logoUrl: image.url, background: { animation: { kind: "lottie", url: animation.url } } }
      })
      assert.strictEqual(brandingOk.status, 200, brandingOk.text)
      const between = (imageUrl: string) => ({ name: "Between", betweenCampaigns: { title: "Soon", imageUrl } })
      const soundChannel = yield* request("POST", "/v1/channels", { key, body: between(sound.url) })
      assert.strictEqual(soundChannel.status, 400, soundChannel.text)
      assert.deepInclude(soundChannel.body.error.details, {
        path: "betweenCampaigns.imageUrl",
        message: "must be an image"
      })
      const imageChannel = yield* request("POST", "/v1/channels", { key, body: between(image.url) })
      assert.strictEqual(imageChannel.status, 201, imageChannel.text)
      const changed = yield* request("PATCH", `/v1/channels/${imageChannel.body.channel.id}`, {
        key,
        body: { betweenCampaigns: { imageUrl: pending.body.asset.url } }
      })
      assert.strictEqual(changed.status, 400, changed.text)
      assert.deepInclude(changed.body.error.details, {
        path: "betweenCampaigns.imageUrl",
        message: "is not an available file of the media library"
      })
    })
  )

  it.effect(
    "files under config keys the game does not define: sounds under `sounds`, images elsewhere, own files only",
    () =>
      Effect.gen(function* () {
        const { account, request, key } = yield* withAccount()
        const image = yield* uploaded(request, key, { ...sampleOf("image/png"), filename: "looks-like.mp3" })
        const sound = yield* uploaded(request, key, { ...sampleOf("audio/ogg"), filename: "looks-like.png" })
        const other = yield* account()
        const theirs = yield* uploaded(request, other.key, sampleOf("image/png"))
        const channel = yield* request("POST", "/v1/channels", { key, body: { name: "Home" } })
        const create = (config: Record<string, unknown>) =>
          request("POST", "/v1/game-instances", {
            key,
            body: { gameSlug: "spin-the-wheel", name: "Wheel", channelId: channel.body.channel.id, config }
          })
        const refused = yield* create({
          ...wheel,
          segments: [{ ...wheel.segments[0], icon: sound.url }, wheel.segments[1]],
          sounds: { ...wheel.sounds, tick: image.url },
          extra: { logo: theirs.url, note: "see https://shop.example.com/terms for the rules" }
        })
        assert.strictEqual(refused.status, 400, refused.text)
        assert.deepStrictEqual(refused.body.error.details, [
          { path: "config.segments.0.icon", message: "must be an image" },
          { path: "config.sounds.tick", message: "must be a sound" },
          { path: "config.extra.logo", message: "is not an available file of the media library" }
        ])
        const config = {
          ...wheel,
          segments: [{ ...wheel.segments[0], icon: image.url }, wheel.segments[1]],
          sounds: { ...wheel.sounds, tick: sound.url },
          extra: { logo: "https://cdn.example.com/logo.webp", note: "see https://shop.example.com/terms" }
        }
        const accepted = yield* create(config)
        assert.strictEqual(accepted.status, 201, accepted.text)
        assert.deepStrictEqual(accepted.body.gameInstance.config, config)
      })
  )

  it.effect("another account's file URL is not a library file of this account", () =>
    Effect.gen(function* () {
      const { account, request, key } = yield* withAccount()
      const other = yield* account()
      const theirs = yield* uploaded(request, other.key, sampleOf("image/png"))
      const reply = yield* request("PUT", "/v1/tenant/branding", { key, body: { logoUrl: theirs.url } })
      assert.strictEqual(reply.status, 400)
      assert.deepInclude(reply.body.error.details, {
        path: "logoUrl",
        message: "is not an available file of the media library"
      })
    })
  )

  it.effect("a deleted file stops showing, and an edit that leaves the theme as it is still passes", () =>
    Effect.gen(function* () {
      const { request, key } = yield* withAccount()
      const call = Steps.caller(request, key)
      const logo = yield* uploaded(request, key, sampleOf("image/png"))
      const { created } = yield* Steps.channelWithCampaign(call, {
        name: "w",
        config: Steps.WHEEL,
        theme: { logoUrl: logo.url }
      })
      const id = created.body.gameInstance.id
      assert.strictEqual(created.status, 201, created.text)
      assert.strictEqual((yield* call("DELETE", `/v1/tenant/assets/${logo.id}`)).status, 200)
      const renamed = yield* call("PATCH", `/v1/game-instances/${id}`, { name: "Renamed" })
      assert.strictEqual(renamed.status, 200, renamed.text)
      assert.strictEqual(renamed.body.gameInstance.name, "Renamed")
      const resent = yield* call("PATCH", `/v1/game-instances/${id}`, { theme: { logoUrl: logo.url } })
      assert.strictEqual(resent.status, 400, "a theme sent again is judged again")
      assert.deepInclude(resent.body.error.details, {
        path: "theme.logoUrl",
        message: "is not an available file of the media library"
      })
    })
  )
})
