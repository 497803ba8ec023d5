/**
 * The served OpenAPI document (`/v1/openapi.json` is `OpenApi.fromApi(Api)`) as a client generator
 * reads it: valid OpenAPI 3.1 for a maintained validator, no error under Redocly's recommended rules,
 * and the specific promises a generated client relies on (finite numbers, `format: date-time` on
 * timestamps, real integer bounds, an `operationId` and a summary on each operation, the
 * `Idempotency-Key` header on the POSTs that take it).
 */
import { assert, describe, it } from "@effect/vitest"
import { createConfig, lintFromString } from "@redocly/openapi-core"
import { Validator } from "@seriousme/openapi-schema-validator"
import { Effect } from "effect"
import { OpenApi } from "effect/http-api"
import { Api } from "../src/Api.ts"

const document = OpenApi.fromApi(Api)

type Operation = OpenApi.OpenAPISpecOperation & { readonly method: string; readonly path: string }

const operations: ReadonlyArray<Operation> = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, OpenApi.OpenAPISpecOperation>).map(([method, op]) => ({ ...op, method, path }))
)

/** Every JSON object in the document with the JSON pointer-like path that leads to it. */
const nodes = (value: unknown, at = "#"): ReadonlyArray<readonly [string, Record<string, unknown>]> => {
  if (typeof value !== "object" || value === null) return []
  const children = Object.entries(value).flatMap(([key, child]) => nodes(child, `${at}/${key}`))
  return Array.isArray(value) ? children : [[at, value as Record<string, unknown>], ...children]
}

/** The schemas of the document's object properties whose names say they hold a time. */
const timestampProperties = nodes(document).flatMap(([at, node]) =>
  typeof node.properties === "object" && node.properties !== null
    ? Object.entries(node.properties as Record<string, Record<string, unknown>>)
        .filter(([name]) => /At$|^live(From|Until)$/.test(name))
        .map(([name, schema]) => [`${at}/properties/${name}`, schema] as const)
    : []
)

/** The string schemas a (possibly nullable) property schema allows. */
const stringBranches = (schema: Record<string, unknown>): ReadonlyArray<Record<string, unknown>> =>
  Array.isArray(schema.anyOf)
    ? (schema.anyOf as ReadonlyArray<Record<string, unknown>>).filter((branch) => branch.type === "string")
    : [schema]

/**
 * Two fields of the campaign view (`core/src/campaigns/Campaign.ts`, owned by another change at the
 * time of writing) still say `Schema.Int`; remove them here once that module bounds them.
 */
describe("OpenApi", () => {
  it.effect("is valid OpenAPI 3.1 for a maintained validator", () =>
    Effect.promise(() => new Validator().validate(JSON.parse(JSON.stringify(document)))).pipe(
      Effect.map((result) => assert.deepStrictEqual(result, { valid: true }))
    )
  )

  it.effect("has no error under Redocly's recommended rules", () =>
    Effect.promise(async () => {
      const config = await createConfig({ extends: ["recommended"] })
      return lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config })
    }).pipe(
      Effect.map((problems) =>
        assert.deepStrictEqual(
          problems
            .filter((problem) => problem.severity === "error")
            .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
          []
        )
      )
    )
  )

  it("names its servers", () => {
    assert.isAbove(document.servers?.length ?? 0, 0)
  })

  it("gives every operation a unique operationId and a summary", () => {
    const missing = operations.filter((op) => op.operationId === "" || (op.summary ?? "") === "")
    assert.deepStrictEqual(
      missing.map((op) => `${op.method} ${op.path}`),
      []
    )
    assert.strictEqual(new Set(operations.map((op) => op.operationId)).size, operations.length)
  })

  it("types every number as a finite number: no Infinity or NaN strings", () => {
    const text = JSON.stringify(document)
    for (const word of ['"Infinity"', '"-Infinity"', '"NaN"']) assert.notInclude(text, word)
    const entry = document.components.schemas.Entry as { properties: Record<string, unknown> }
    assert.deepStrictEqual(entry.properties.weight, { type: "number" })
    assert.deepStrictEqual(entry.properties.score, { anyOf: [{ type: "number" }, { type: "null" }] })
  })

  it("marks every timestamp, in requests and responses, with format date-time", () => {
    assert.isAbove(timestampProperties.length, 30)
    const unmarked = timestampProperties.filter(([, schema]) =>
      stringBranches(schema).some((branch) => branch.format !== "date-time")
    )
    assert.deepStrictEqual(
      unmarked.map(([at]) => at),
      []
    )
  })

  it("bounds integers by what they can be, never by the largest safe integer alone", () => {
    const integers = nodes(document).filter(([, node]) => node.type === "integer")
    const unbounded = integers.filter(([, node]) => node.minimum === -Number.MAX_SAFE_INTEGER).map(([at]) => at)
    assert.deepStrictEqual(unbounded, [])
    const list = operations.find((op) => op.operationId === "channels.list")!
    const body = (list.responses[200]?.content?.["application/json"]?.schema ?? {}) as {
      properties: Record<string, { minimum?: number }>
    }
    assert.strictEqual(body.properties.total?.minimum, 0)
  })

  it("declares Idempotency-Key, its replay header and its 409 on every POST an API key or a client token makes", () => {
    const posts = operations.filter((op) => op.method === "post" && op.path.startsWith("/v1/"))
    assert.isAbove(posts.length, 10)
    assert.isTrue(posts.some((op) => op.path.startsWith("/v1/play/")))
    for (const op of posts) {
      assert.isTrue(
        op.parameters.some((parameter) => parameter.name === "Idempotency-Key" && parameter.in === "header"),
        op.operationId
      )
      assert.isDefined(op.responses[409], op.operationId)
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith("2"))
      for (const [, response] of success) assert.isDefined(response.headers?.["idempotent-replayed"], op.operationId)
    }
    const operator = operations.filter((op) => op.path.startsWith("/admin/"))
    for (const op of operator) assert.isFalse(op.parameters.some((parameter) => parameter.name === "Idempotency-Key"))
  })

  it("declares the 400 of an oversized body (no 413) and gives the main bodies an example", () => {
    for (const op of operations.filter((op) => op.requestBody !== undefined)) {
      assert.include(op.responses[400]?.description ?? "", "1 MiB", op.operationId)
      assert.isUndefined(op.responses[413], op.operationId)
    }
    for (const id of ["channels.create", "campaigns.create", "tokens.mint", "play.finish"]) {
      const op = operations.find((op) => op.operationId === id)!
      assert.isDefined((op.requestBody?.content["application/json"] as { example?: unknown }).example, id)
    }
  })
})
