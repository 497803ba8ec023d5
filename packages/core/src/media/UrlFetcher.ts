/**
 * The `UrlFetcher` port: a GET of a file to import, with the public-address guard. A platform port
 * (`NodeImportFetcher` over undici on Node). What every adapter keeps:
 *
 * - **Addresses.** Unless the server allows private URLs (development and tests), it connects only
 *   to public addresses: the host is resolved at every connection and refused when any address is
 *   not public, and the socket is given only the addresses checked, so a DNS answer that changes
 *   after the import was accepted (rebinding) cannot reach a private address. An IP literal is
 *   checked before anything is sent.
 * - **Redirects** are followed only to http(s) URLs that pass the same guard, at most
 *   `MAX_REDIRECTS` of them.
 * - **Limits.** A declared `Content-Length` over `maxBytes` is refused before the body is read;
 *   the body is cut off past `maxBytes` (the caller counts too). Connecting, the answer's headers,
 *   each pause in the body and the whole download have deadlines.
 * - **Failures** say whether trying again later may help (`retryable`: timeouts, refused or reset
 *   connections, 408, 429 and 5xx answers) or not (a non-public address, any other non-2xx answer,
 *   too large, too many redirects), with a short reason (never a response body).
 *
 * The body is a stream over the open response, valid in the scope of the call.
 *
 * @since 0.1.0
 */
import { Context, type Effect, Schema, type Scope, type Stream } from "effect"

/** Redirects followed at most. */
export const MAX_REDIRECTS = 3

/** Why a fetch failed, and whether trying again later may help. */
export class FetchFailed extends Schema.TaggedError<FetchFailed>()("FetchFailed", {
  reason: Schema.String,
  retryable: Schema.Boolean
}) {}

/** An answered GET: its headers as hints, and its body. */
export interface Fetched {
  /** The `Content-Type` header (a hint only: the bytes decide). */
  readonly contentType: string | undefined
  readonly body: Stream.Stream<Uint8Array, FetchFailed>
}

export class UrlFetcher extends Context.Service<
  UrlFetcher,
  {
    readonly fetch: (
      url: string,
      options: { readonly maxBytes: number }
    ) => Effect.Effect<Fetched, FetchFailed, Scope.Scope>
  }
>()("@campaign-games/core/UrlFetcher") {}
