/**
 * Traces over OTLP/HTTP (`OTEL_EXPORTER_OTLP_ENDPOINT`): a local receiver on loopback collects what
 * the server exports while a player finishes a play, and the finish's trace runs from the HTTP
 * server span (its route template and request id on it) through the `Plays.finish` use case down
 * to its SQL statements (on PGlite and PostgreSQL; the memory store has none), each span the child
 * of the one above it, all in one trace and carrying the request's id.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import * as Steps from "./support/Steps.ts"
import { make, storeLayer, storeName, TestServer } from "./support/TestServer.ts"

const ORIGIN = "https://shop.example.com"

interface Span {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly name: string
  readonly attributes: Record<string, unknown>
}

interface OtlpValue {
  readonly stringValue?: string
  readonly intValue?: string | number
  readonly boolValue?: boolean
  readonly doubleValue?: number
}

const valueOf = (value: OtlpValue): unknown =>
  value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue

/** A loopback OTLP/HTTP receiver (JSON): the spans posted to `/v1/traces`, and the paths posted to. */
const receiver = Effect.acquireRelease(
  Effect.promise(
    () =>
      new Promise<{
        readonly url: string
        readonly spans: Array<Span>
        readonly paths: Array<string>
        close: () => void
      }>((resolve) => {
        const spans: Array<Span> = []
        const paths: Array<string> = []
        const server = createServer((request, response) => {
          const chunks: Array<Buffer> = []
          request.on("data", (chunk: Buffer) => chunks.push(chunk))
          request.on("end", () => {
            paths.push(
              `${request.method} ${request.url} ${request.headers["content-type"]} ${request.headers["x-collector-key"]}`
            )
            const body = JSON.parse(Buffer.concat(chunks).toString("utf8"))
            for (const resource of body.resourceSpans ?? []) {
              for (const scope of resource.scopeSpans ?? []) {
                for (const span of scope.spans ?? []) {
                  spans.push({
                    traceId: span.traceId,
                    spanId: span.spanId,
                    ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
                    name: span.name,
                    attributes: Object.fromEntries(
                      (span.attributes ?? []).map((a: { key: string; value: OtlpValue }) => [a.key, valueOf(a.value)])
                    )
                  })
                }
              }
            }
            response.writeHead(200, { "content-type": "application/json" }).end("{}")
          })
        })
        server.listen(0, "127.0.0.1", () => {
          const { port } = server.address() as AddressInfo
          resolve({ url: `http://127.0.0.1:${port}`, spans, paths, close: () => server.close() })
        })
      })
  ),
  (r) => Effect.sync(() => r.close())
)

class Collector extends Context.Service<Collector, Effect.Success<typeof receiver>>()("test/Collector") {
  static readonly layer = Layer.effect(Collector, receiver)
}

layer(
  Layer.unwrap(
    Effect.map(Effect.service(Collector), (collector) =>
      make(storeLayer(), {
        tracing: { endpoint: collector.url, exportInterval: "50 millis", headers: { "x-collector-key": "key-1" } }
      })
    )
  ).pipe(Layer.provideMerge(Collector.layer)),
  { excludeTestServices: true, timeout: "120 seconds" }
)("traces", (it) => {
  it.effect("one finish: HTTP span → Plays.finish → SQL statement, parent by parent, with the request id", () =>
    Effect.gen(function* () {
      const collector = yield* Collector
      const { account, request } = yield* TestServer
      const { key } = yield* account()
      const call = Steps.caller(request, key)
      yield* call("POST", "/v1/tenant/allowed-origins", { origin: ORIGIN })
      const { channel, created } = yield* Steps.channelWithCampaign(call, { name: "Traced", config: Steps.WHEEL })
      yield* call("POST", `/v1/game-instances/${created.body.gameInstance.id}/activate`)
      const { finished } = yield* Steps.play(request, {
        key,
        channelId: channel.id,
        participantRef: "traced",
        origin: ORIGIN
      })
      assert.strictEqual(finished.status, 200, finished.text)
      // A search of the entries by part of a participant reference: redacted on the span.
      const searched = yield* call(
        "GET",
        `/v1/game-instances/${created.body.gameInstance.id}/entries?search=traced&limit=5`
      )
      assert.strictEqual(searched.status, 200, searched.text)
      const requestId = finished.headers.get("x-request-id")!
      const route = "/v1/play/sessions/:sessionId/finish"
      const isFinishRequest = (s: Span) => s.attributes["http.route"] === route
      // Spans go out in batches every 50 ms.
      for (let i = 0; i < 200 && !collector.spans.some(isFinishRequest); i++) yield* Effect.sleep("25 millis")
      const isSearch = (s: Span) => s.attributes["http.route"] === "/v1/game-instances/:id/entries"
      for (let i = 0; i < 200 && !collector.spans.some(isSearch); i++) yield* Effect.sleep("25 millis")
      yield* Effect.sleep("200 millis")
      const search = collector.spans.find(isSearch)!
      assert.include(String(search.attributes["url.query"]), "limit=5")
      assert.notInclude(JSON.stringify(search.attributes), "traced")
      assert.include(collector.paths[0] ?? "", "POST /v1/traces application/json key-1")
      const server = collector.spans.find(isFinishRequest)
      assert.isDefined(server, "the finish's HTTP server span")
      assert.strictEqual(server!.attributes["http.request_id"], requestId)
      assert.strictEqual(server!.attributes["http.response.status_code"], 200)
      const trace = collector.spans.filter((s) => s.traceId === server!.traceId)
      const byId = new Map(trace.map((s) => [s.spanId, s]))
      /** The names from `span` up to the trace's root, by parent links. */
      const ancestry = (span: Span): Array<string> => {
        const names: Array<string> = []
        for (
          let s: Span | undefined = span;
          s !== undefined;
          s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined
        ) {
          names.push(s.name)
        }
        return names
      }
      const useCase = trace.find((s) => s.name === "Plays.finish")
      assert.isDefined(useCase, trace.map((s) => s.name).join(", "))
      assert.strictEqual(useCase!.parentSpanId, server!.spanId, "Plays.finish is the HTTP span's child")
      for (const span of trace) assert.strictEqual(span.attributes["http.request_id"], requestId, span.name)
      const statements = trace.filter((s) => typeof s.attributes["db.query.text"] === "string")
      if (storeName() === "memory") {
        assert.lengthOf(statements, 0)
        return
      }
      assert.isAbove(statements.length, 0, trace.map((s) => s.name).join(", "))
      const underUseCase = statements.filter((s) => ancestry(s).includes("Plays.finish"))
      assert.isAbove(underUseCase.length, 0)
      const statement = underUseCase[0]!
      const chain = ancestry(statement)
      assert.strictEqual(chain.at(-1), server!.name, "the chain ends at the HTTP span")
      assert.strictEqual(statement.attributes["db.system.name"], "postgresql")
    })
  )
})
