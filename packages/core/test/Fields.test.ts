import { Fields } from "@campaign-games/core"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Schema } from "effect"

const decode = Schema.decodeUnknownOption(Fields.DateTimeInput)

describe("DateTimeInput", () => {
  it("takes ISO 8601 date-times with a zone, to UTC", () => {
    for (const [sent, utc] of [
      ["2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000Z"],
      ["2026-01-01T02:00:00+02:00", "2026-01-01T00:00:00.000Z"],
      ["2024-02-29T12:30:00.123456Z", "2024-02-29T12:30:00.123Z"],
      ["2026-06-01T10:00Z", "2026-06-01T10:00:00.000Z"],
      ["0001-01-01T00:00:00Z", "0001-01-01T00:00:00.000Z"],
      ["9999-12-31T23:59:59Z", "9999-12-31T23:59:59.000Z"]
    ] as const) {
      const decoded = decode(sent)
      assert.isTrue(decoded._tag === "Some", sent)
      if (decoded._tag === "Some") assert.strictEqual(DateTime.formatIso(decoded.value), utc)
    }
  })

  it("refuses times that do not exist or that no store holds, rather than rolling them over", () => {
    for (const sent of [
      "0000-01-01T00:00:00Z",
      "0000-12-31T23:59:59Z",
      "0001-01-01T00:00:00+01:00",
      "9999-12-31T23:00:00-02:00",
      "2027-02-30T00:00:00Z",
      "2026-02-29T00:00:00Z",
      "2026-04-31T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-00-10T00:00:00Z",
      "2027-01-01T24:00:00Z",
      "2027-01-01T23:60:00Z",
      "2027-01-01T23:00:60Z",
      "2027-01-01T00:00:00+24:00",
      "2027-01-01T00:00:00",
      "2027-01-01"
    ]) {
      assert.isTrue(decode(sent)._tag === "None", sent)
    }
  })
})
