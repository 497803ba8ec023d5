import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as Channel from "../src/campaigns/Channel.ts"
import * as Fields from "../src/Fields.ts"
import * as StorableText from "../src/StorableText.ts"
import * as Validation from "../src/Validation.ts"

const NUL = "a\u0000b"
const HIGH = "a\uD800b"
const LOW = "a\uDC00b"

describe("StorableText", () => {
  it("refuses NUL and lone surrogates, keeps every other text (pairs included)", () => {
    for (const bad of [NUL, HIGH, LOW, "\uD800", "\uDC00\uD800"]) assert.isFalse(StorableText.isStorable(bad), bad)
    for (const good of ["", "café", "\u{1F3A1} wheel", "\uD83C\uDFA1", "tab\tand\nnewline", "\u0001"]) {
      assert.isTrue(StorableText.isStorable(good), good)
    }
  })

  it("names every unstorable string or key of a JSON value by its path", () => {
    const value = { name: NUL, nested: { list: ["ok", HIGH], [LOW]: 1 }, fine: "yes" }
    assert.deepStrictEqual(
      StorableText.issues(value, "config").map((d) => d.path),
      ["config.name", "config.nested.list.1", `config.nested.${LOW}`]
    )
    assert.deepStrictEqual(
      StorableText.issues(NUL, "").map((d) => d.path),
      ["body"]
    )
    assert.deepStrictEqual(StorableText.issues({ a: [1, null, true, "x"] }, ""), [])
  })

  it.effect("every text field (Fields.Text) refuses it, naming the field", () =>
    Effect.gen(function* () {
      const decode = Validation.decode(Channel.CreateChannel)
      const exit = yield* Effect.exit(decode({ name: NUL, betweenCampaigns: { title: HIGH } }))
      assert.isTrue(Exit.isFailure(exit))
      if (Exit.isFailure(exit)) {
        const text = JSON.stringify(exit.cause)
        assert.include(text, '"path":"name"')
        assert.include(text, '"path":"betweenCampaigns.title"')
      }
      const ok = yield* Effect.exit(Validation.decode(Fields.Text(0, 10))("fine"))
      assert.isTrue(Exit.isSuccess(ok))
    })
  )
})
