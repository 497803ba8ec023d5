import { Usage } from "@campaign-games/core"
import { assert, describe, it } from "@effect/vitest"
import { DateTime } from "effect"

describe("Usage.monthOf", () => {
  it("is the calendar month in UTC, whatever the instant's zone", () => {
    const month = (iso: string) => Usage.monthOf(DateTime.makeUnsafe(iso))
    assert.strictEqual(month("2026-11-21T10:00:00.000Z"), "2026-11")
    assert.strictEqual(month("2026-12-31T23:59:59.999Z"), "2026-12")
    assert.strictEqual(month("2027-01-01T00:00:00.000Z"), "2027-01")
    assert.strictEqual(month("2027-01-01T00:30:00+01:00"), "2026-12", "still December in UTC")
    assert.strictEqual(month("2026-09-30T23:00:00-02:00"), "2026-10", "already October in UTC")
    assert.strictEqual(month("0999-05-05T00:00:00.000Z"), "0999-05")
  })
})
