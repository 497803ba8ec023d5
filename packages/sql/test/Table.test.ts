/**
 * A read that remembers its decodes (`Table.read`'s `remember`) answers a row whose values are all
 * the same as one it decoded with that decode, and decodes anew any row with a value changed: a
 * text, a number, a time, a document (its keys in any order are the same document), a list.
 */
import { assert, describe, it } from "@effect/vitest"
import { Exit, Option, Schema } from "effect"
import * as Table from "../src/internal/Table.ts"
import { Time } from "../src/internal/Values.ts"

const things = Table.make({
  id: Schema.String,
  count: Schema.Number,
  at: Time,
  config: Schema.Record(Schema.String, Schema.Unknown),
  tags: Schema.Array(Schema.String)
})

const row = (changes: Partial<Record<"id" | "count" | "at" | "config" | "tags", unknown>> = {}) => [
  "x",
  "t_1",
  changes.count ?? 3,
  changes.at ?? new Date(1_800_000_000_000),
  changes.config ?? { segments: [{ id: "w", label: "Win" }], spins: 1 },
  changes.tags ?? ["a", "b"]
]

const decoded = <A>(exit: Exit.Exit<A, unknown>): A => {
  assert.isTrue(Exit.isSuccess(exit))
  return (exit as Exit.Success<A>).value
}

describe("Table.read with remember", () => {
  it("answers the same values with the same decode, and decodes a row with any value changed anew", () => {
    const read = Table.read(things, { offset: 1, remember: true })
    const first = decoded(read.row(row()))
    assert.deepStrictEqual(first.config, { segments: [{ id: "w", label: "Win" }], spins: 1 })
    // Equal values in new objects (as every read of the driver gives them), keys in another order.
    assert.strictEqual(decoded(read.row(row({ config: { spins: 1, segments: [{ label: "Win", id: "w" }] } }))), first)
    assert.strictEqual(decoded(read.row(row({ at: new Date(1_800_000_000_000), tags: ["a", "b"] }))), first)
    for (const changed of [
      row({ count: 4 }),
      row({ at: new Date(1_800_000_000_001) }),
      row({ config: { segments: [{ id: "w", label: "Won" }], spins: 1 } }),
      row({ config: { segments: [{ id: "w", label: "Win" }], spins: 1, extra: null } }),
      row({ tags: ["b", "a"] }),
      row({ tags: ["a"] })
    ]) {
      const again = decoded(read.row(changed))
      assert.notStrictEqual(again, first)
      assert.deepStrictEqual(again, decoded(Table.read(things, { offset: 1 }).row(changed)))
    }
    // The change is what is remembered now: the first values are decoded anew too.
    const back = decoded(read.row(row()))
    assert.deepStrictEqual(back, first)
    assert.strictEqual(decoded(read.row(row())), back)
  })

  it("keeps the rows of several ids apart, and refuses a row its schema refuses, every time", () => {
    const read = Table.read(things, { remember: true })
    const a = decoded(read.row(row().slice(1)))
    const b = decoded(read.row(["t_2", ...row().slice(2)]))
    assert.strictEqual(b.id, "t_2")
    assert.strictEqual(decoded(read.row(row().slice(1))), a)
    const bad = ["t_3", "three", ...row().slice(3)]
    assert.isTrue(Exit.isFailure(read.row(bad)))
    assert.isTrue(Exit.isFailure(read.row(bad)))
    const all = decoded(read.decode([row().slice(1), ["t_2", ...row().slice(2)]]))
    assert.strictEqual(all[0], a)
    assert.isTrue(Exit.isFailure(read.decode([row().slice(1), bad])))
    assert.deepStrictEqual(decoded(read.first([row().slice(1)])), Option.some(a))
  })
})
