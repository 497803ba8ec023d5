/**
 * The media library's pure rules, as tables: a file's URL and the id read back from one (only this
 * library's, exactly), an import's file name from its URL, the kinds and their sizes, a folder's
 * subtree and the moves that would make a cycle, the import's state after an attempt, and the
 * scan of a document for library URLs.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Option } from "effect"
import * as Asset from "../../src/media/Asset.ts"
import * as AssetUsage from "../../src/media/AssetUsage.ts"
import * as Folder from "../../src/media/Folder.ts"
import { afterAttempt } from "../../src/media/MediaImports.ts"
import * as MediaSettings from "../../src/media/MediaSettings.ts"

const BASE = "https://cdn.example.com/app/"

describe("Asset", () => {
  it("a file's URL names its id under the public URL, whatever the trailing slash", () => {
    assert.strictEqual(Asset.urlOf(BASE, "ast_1"), "https://cdn.example.com/app/media/files/ast_1")
    assert.strictEqual(
      Asset.urlOf("https://cdn.example.com/app", "ast_1"),
      "https://cdn.example.com/app/media/files/ast_1"
    )
  })

  const ids: Array<[string, Option.Option<string>]> = [
    ["https://cdn.example.com/app/media/files/ast_abc", Option.some("ast_abc")],
    ["https://cdn.example.com/app/media/files/ast_abc?x=1", Option.none()],
    ["https://cdn.example.com/app/media/files/ast_abc#f", Option.none()],
    ["https://cdn.example.com/app/media/files/a/b", Option.none()],
    ["https://cdn.example.com/app/media/files/", Option.none()],
    ["https://evil.example.com/app/media/files/ast_abc", Option.none()],
    ["http://cdn.example.com/app/media/files/ast_abc", Option.none()],
    ["https://cdn.example.com/media/files/ast_abc", Option.none()],
    ["https://cdn.example.com/app/media/files/ast_abc.png", Option.none()]
  ]
  for (const [url, expected] of ids) {
    it(`the id of ${url}`, () => assert.deepStrictEqual(Asset.idOfUrl(BASE, url), expected))
  }

  const names: Array<[string, string]> = [
    ["https://x.example/a/b/Logo%20Final.png?v=2", "Logo Final.png"],
    ["https://x.example/", "import"],
    ["https://x.example/%E0%A4%A", "%E0%A4%A"],
    ["https://x.example/%00%01", "import"],
    [`https://x.example/${"n".repeat(300)}`, "n".repeat(200)],
    ["not a url", "import"]
  ]
  for (const [url, expected] of names) {
    it(`an import of ${url.slice(0, 40)} is named ${expected.slice(0, 20)}`, () =>
      assert.strictEqual(Asset.filenameOfUrl(url), expected))
  }

  it("each type is of one kind, each kind has its largest size", () => {
    assert.deepStrictEqual(
      Asset.contentTypes.map((t) => Asset.kindOf(t)),
      ["image", "image", "image", "image", "sound", "sound", "sound", "video", "video", "lottie"]
    )
    assert.deepStrictEqual(Asset.maxBytes, {
      image: 8_388_608,
      sound: 16_777_216,
      video: 52_428_800,
      lottie: 2_097_152
    })
    assert.strictEqual(Asset.MAX_BYTES, Asset.maxBytes.video)
  })
})

describe("Folder", () => {
  const tree = [
    { id: "a", parentId: null },
    { id: "b", parentId: "a" },
    { id: "c", parentId: "b" },
    { id: "d", parentId: "a" },
    { id: "e", parentId: null }
  ]

  it("a subtree holds the folder and every folder under it, at any depth", () => {
    assert.sameMembers([...Folder.subtree(tree, "a")], ["a", "b", "c", "d"])
    assert.sameMembers([...Folder.subtree(tree, "b")], ["b", "c"])
    assert.deepStrictEqual(Folder.subtree(tree, "e"), ["e"])
    assert.deepStrictEqual(Folder.subtree(tree, "unknown"), ["unknown"])
  })

  const moves: Array<[string, string | null, boolean]> = [
    ["a", "a", true],
    ["a", "b", true],
    ["a", "c", true],
    ["b", "c", true],
    ["b", "d", false],
    ["c", "a", false],
    ["a", "e", false],
    ["a", null, false]
  ]
  for (const [id, parentId, expected] of moves) {
    it(`moving ${id} under ${parentId} ${expected ? "is" : "is not"} a cycle`, () =>
      assert.strictEqual(Folder.cycle(tree, id, parentId), expected))
  }

  it("a parent link that loops is followed once", () => {
    const looped = [
      { id: "x", parentId: "y" },
      { id: "y", parentId: "x" }
    ]
    assert.sameMembers([...Folder.subtree(looped, "x")], ["x", "y"])
  })
})

describe("an import after an attempt", () => {
  const now = DateTime.makeUnsafe(Date.UTC(2026, 0, 1))
  const pending = (attempts: number): Asset.Asset => ({
    id: "ast_1",
    accountId: "acc_1",
    folderId: null,
    filename: "a",
    contentType: Asset.UNKNOWN_TYPE,
    sizeBytes: null,
    declaredSizeBytes: null,
    reservedBytes: null,
    sourceUrl: "https://x.example/a",
    importStatus: "pending",
    importError: null,
    importAttempts: attempts,
    importNextAt: now,
    createdAt: now,
    updatedAt: now,
    confirmedAt: null
  })
  const settings = MediaSettings.defaults

  it("stored: done, available, typed and sized by its bytes, its error cleared", () => {
    const done = afterAttempt(
      { ...pending(2), importError: "answered 503" },
      { _tag: "Stored", contentType: "audio/ogg", size: 9 },
      now,
      settings
    )
    assert.deepInclude(done, {
      importStatus: "done",
      contentType: "audio/ogg",
      sizeBytes: 9,
      importError: null,
      importNextAt: null
    })
    assert.deepStrictEqual(done.confirmedAt, now)
  })

  it("a retryable failure with attempts left: pending again, after a wait that doubles from 30 s", () => {
    for (const [attempts, seconds] of [
      [1, 30],
      [2, 60],
      [3, 120],
      [4, 240]
    ] as const) {
      const next = afterAttempt(
        pending(attempts),
        { _tag: "Failed", reason: "timed out", retryable: true },
        now,
        settings
      )
      assert.strictEqual(next.importStatus, "pending")
      assert.strictEqual(next.importError, "timed out")
      assert.strictEqual(DateTime.toEpochMillis(next.importNextAt!) - DateTime.toEpochMillis(now), seconds * 1000)
    }
  })

  it("the fifth retryable failure, or any final one, fails for good", () => {
    const fifth = afterAttempt(pending(5), { _tag: "Failed", reason: "timed out", retryable: true }, now, settings)
    assert.deepInclude(fifth, { importStatus: "failed", importNextAt: null, importError: "timed out" })
    const final = afterAttempt(pending(1), { _tag: "Failed", reason: "answered 404", retryable: false }, now, settings)
    assert.deepInclude(final, { importStatus: "failed", importNextAt: null, confirmedAt: null })
    const long = afterAttempt(pending(1), { _tag: "Failed", reason: "x".repeat(500), retryable: false }, now, settings)
    assert.strictEqual(long.importError?.length, 300, "the reason is kept short")
  })
})

describe("AssetUsage.scan", () => {
  it("finds this library's file URLs at any depth, with their paths; other addresses are not uses", () => {
    const url = Asset.urlOf(BASE, "ast_1")
    const found = AssetUsage.scan(BASE, {
      resource: "campaign",
      id: "gi_1",
      path: "config",
      value: {
        art: { background: url },
        list: [{ x: "https://other.example/media/files/ast_1" }, { y: Asset.urlOf(BASE, "ast_2") }],
        n: 3,
        none: null,
        text: `${url}?v=1`
      }
    })
    assert.deepStrictEqual(found, [
      { assetId: "ast_1", use: { resource: "campaign", id: "gi_1", path: "config.art.background" } },
      { assetId: "ast_2", use: { resource: "campaign", id: "gi_1", path: "config.list.1.y" } }
    ])
    assert.deepStrictEqual(
      AssetUsage.scan(BASE, { resource: "branding", id: null, path: "", value: { logoUrl: url } }).map(
        (f) => f.use.path
      ),
      ["logoUrl"]
    )
  })
})
