/**
 * What `IdempotencyKeys` stores of a key and its answer: the key only as a hash, the answer's headers
 * and body only sealed, so that only the same Idempotency-Key of the same account opens it; an altered row
 * opens to nothing. (The stored rows themselves, over HTTP: examples/server/test/Idempotency.test.ts.)
 */
import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import * as IdempotencyKeys from "../src/IdempotencyKeys.ts"

const SECRET = "cgk_abcdefghijkl_0123456789abcdefghijklmnopqrstuv"
const answer = {
  status: 201,
  contentType: "application/json",
  headers: { "x-ratelimit-limit": "600", "x-ratelimit-remaining": "599" },
  body: JSON.stringify({ apiKey: { id: "key_1", key: SECRET }, note: "Ünïcödé 🎡" })
}
const mine = IdempotencyKeys.keyMaterial("acc_1", "create-ci-key-1")

describe("IdempotencyKeys", () => {
  it("the stored key is a hash: fixed per account and key, different for either, never the key", () => {
    assert.match(mine.keyHash, /^[0-9a-f]{64}$/)
    assert.strictEqual(IdempotencyKeys.keyMaterial("acc_1", "create-ci-key-1").keyHash, mine.keyHash)
    assert.notStrictEqual(IdempotencyKeys.keyMaterial("acc_2", "create-ci-key-1").keyHash, mine.keyHash)
    assert.notStrictEqual(IdempotencyKeys.keyMaterial("acc_1", "create-ci-key-2").keyHash, mine.keyHash)
    assert.notInclude(mine.keyHash, "create-ci-key-1")
  })

  it("a sealed answer shows no part of its body and opens to it with the same key", () => {
    const sealed = IdempotencyKeys.seal(mine, answer)
    assert.deepStrictEqual([sealed.status, sealed.contentType], [201, "application/json"])
    for (const part of [SECRET, "cgk_", "apiKey", "key_1"]) assert.notInclude(sealed.sealed, part)
    assert.deepStrictEqual(IdempotencyKeys.open(mine, sealed), Option.some(answer))
    // A fresh nonce each time: one answer sealed twice reads differently.
    assert.notStrictEqual(IdempotencyKeys.seal(mine, answer).sealed, sealed.sealed)
  })

  it("another key, the same key of another account, or an altered row opens nothing", () => {
    const sealed = IdempotencyKeys.seal(mine, answer)
    const others = [
      IdempotencyKeys.keyMaterial("acc_1", "create-ci-key-2"),
      IdempotencyKeys.keyMaterial("acc_2", "create-ci-key-1")
    ]
    for (const other of others) assert.isTrue(Option.isNone(IdempotencyKeys.open(other, sealed)))
    const bytes = Buffer.from(sealed.sealed.slice(3), "base64")
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1)
    const altered = [
      { ...sealed, status: 200 },
      { ...sealed, contentType: "text/plain" },
      { ...sealed, sealed: `v1:${bytes.toString("base64")}` },
      { ...sealed, sealed: answer.body },
      { ...sealed, sealed: "v1:" }
    ]
    for (const row of altered) assert.isTrue(Option.isNone(IdempotencyKeys.open(mine, row)), row.sealed.slice(0, 20))
  })

  it("an empty body seals and opens too", () => {
    const empty = { status: 204, contentType: "", headers: {}, body: "" }
    assert.deepStrictEqual(IdempotencyKeys.open(mine, IdempotencyKeys.seal(mine, empty)), Option.some(empty))
  })
})
