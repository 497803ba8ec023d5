/**
 * The OTLP settings read from the environment: `OTEL_EXPORTER_OTLP_HEADERS` pairs (percent-decoded
 * values, malformed pairs left out) and the traces URL under a base endpoint.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Tracing from "../src/Tracing.ts"

describe("Tracing", () => {
  it("parseHeaders: name=value pairs, values percent-decoded, pairs without a name or = left out", () => {
    assert.deepStrictEqual(Tracing.parseHeaders("x-honeycomb-team=abc%3D%3D, api-key = k ,broken,=v,b=%E0%A4%A"), {
      "x-honeycomb-team": "abc==",
      "api-key": "k",
      b: "%E0%A4%A"
    })
    assert.deepStrictEqual(Tracing.parseHeaders(""), {})
  })

  it("tracesUrl: <endpoint>/v1/traces, with or without a trailing slash or a path", () => {
    assert.strictEqual(Tracing.tracesUrl("http://collector:4318"), "http://collector:4318/v1/traces")
    assert.strictEqual(Tracing.tracesUrl("http://collector:4318/"), "http://collector:4318/v1/traces")
    assert.strictEqual(Tracing.tracesUrl("https://otel.example.com/otlp/"), "https://otel.example.com/otlp/v1/traces")
  })
})
