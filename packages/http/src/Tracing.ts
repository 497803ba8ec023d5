/**
 * Traces over OTLP/HTTP, through effect's own exporter (`effect/observability` `OtlpTracer`, JSON
 * encoding): a span per request (effect's HTTP server makes it, `http.route` and the request's id
 * `http.request_id` on it), per use case (the core's span names: `Plays.finish`, …) and
 * per SQL statement (effect/sql), each under the one that started it. Spans are batched and sent
 * every `exportInterval` (5 s by default) to `<endpoint>/v1/traces`; a collector that does not
 * answer costs the batch, never a request.
 *
 * Off, nothing is exported and the application should run with `References.TracerEnabled` false,
 * so that no span is made at all (`examples/server` does both from `OTEL_EXPORTER_OTLP_ENDPOINT`).
 *
 * @since 0.1.0
 */
import { type Duration, Layer, References } from "effect"
import { FetchHttpClient, UrlParams } from "effect/http"
import { type OtlpExporter, OtlpSerialization, OtlpTracer } from "effect/observability"

export interface Options {
  /** `OTEL_EXPORTER_OTLP_ENDPOINT`: the collector's base URL (`http://collector:4318`). */
  readonly endpoint: string
  /** `OTEL_SERVICE_NAME`; `campaign-games` by default. */
  readonly serviceName?: string | undefined
  /** `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`: the full URL spans are posted to, in place of `<endpoint>/v1/traces`. */
  readonly tracesEndpoint?: string | undefined
  /** `OTEL_EXPORTER_OTLP_HEADERS` (`parseHeaders`): headers sent with every batch (a vendor's API key). */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** How often batches of spans are sent; 5 seconds by default. */
  readonly exportInterval?: Duration.Input | undefined
}

/** Query parameters whose values never reach a span. */
export const REDACTED_PARAMS: ReadonlyArray<string> = ["search", "participantRef", "code", "token", "key"]

/** The URL spans are posted to: `<endpoint>/v1/traces`. */
export const tracesUrl = (endpoint: string): string => `${endpoint.replace(/\/+$/, "")}/v1/traces`

/**
 * The headers of `OTEL_EXPORTER_OTLP_HEADERS`: `name=value` pairs separated by commas, values
 * percent-decoded (the OpenTelemetry convention); a pair without `=` is left out.
 */
export const parseHeaders = (text: string): Record<string, string> => {
  const headers: Record<string, string> = {}
  for (const pair of text.split(",")) {
    const eq = pair.indexOf("=")
    if (eq <= 0) continue
    const name = pair.slice(0, eq).trim()
    const raw = pair.slice(eq + 1).trim()
    let value = raw
    try {
      value = decodeURIComponent(raw)
    } catch {
      // kept as written
    }
    if (name !== "") headers[name] = value
  }
  return headers
}

/** The OTLP tracer, with tracing on, for the whole application it is provided to. */
export const layerOtlp = (options: Options): Layer.Layer<OtlpExporter.Flusher> =>
  Layer.mergeAll(
    OtlpTracer.layer({
      url: options.tracesEndpoint ?? tracesUrl(options.endpoint),
      headers: options.headers,
      resource: { serviceName: options.serviceName ?? "campaign-games" },
      exportInterval: options.exportInterval
    }).pipe(Layer.provide([OtlpSerialization.layerJson, FetchHttpClient.layer])),
    Layer.succeed(References.TracerEnabled, true),
    // A query may carry personal data (the entries' `search` is part of a participant reference):
    // the spans' `url.full` and `url.query` show these parameters as `<redacted>`.
    Layer.succeed(UrlParams.CurrentRedactedNames, [
      ...UrlParams.CurrentRedactedNames.defaultValue(),
      ...REDACTED_PARAMS
    ])
  )
