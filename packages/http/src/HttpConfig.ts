/**
 * Configuration of the HTTP adapter, read once at start by the server that embeds it.
 *
 * @since 0.1.0
 */
import { Context, type Redacted } from "effect"

export interface Config {
  /** `CG_ADMIN_TOKEN`: enables the operator API; undefined answers 401 to every operator call. */
  readonly adminToken: Redacted.Redacted<string> | undefined
  /** `CG_PUBLIC_URL`: the base of upload and file URLs. */
  readonly publicUrl: string
  /** `CG_LOG_FORMAT`: `json` writes one JSON line per request (`Observability`); `text` (the default) none. */
  readonly logFormat?: "text" | "json" | undefined
  /** `CG_METRICS_TOKEN`: `/metrics` needs it as a bearer token; unset, it is served to loopback callers only. */
  readonly metricsToken?: Redacted.Redacted<string> | undefined
}

export class HttpConfig extends Context.Service<HttpConfig, Config>()("@campaign-games/http/HttpConfig") {}
