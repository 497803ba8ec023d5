/**
 * A typed client of the `/v1` API and the operator API for Effect users: effect's `HttpApiClient`
 * over the one API definition (`Api`), so requests and answers are encoded and decoded by the same
 * schemas the server uses, and an error answer fails with its typed error. Each call is sent with
 * one credential as `Authorization: Bearer …`: an API key, a client token (the play calls) or the
 * operator token; make one client per credential.
 *
 * ```ts
 * const client = yield* Client.make({ baseUrl: "http://127.0.0.1:8080", credential: apiKey })
 * const { channel } = yield* client.channels.create({ payload: { name: "Homepage" } })
 * ```
 *
 * @since 0.1.0
 */
import { HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { Api } from "./Api.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Asset, Errors } from "@campaign-games/core"

/** Where the client sends its calls and with what credential. */
export interface Options {
  /** The server's base URL, such as `http://127.0.0.1:8080` (no `/v1`). */
  readonly baseUrl: string
  /** Sent as `Authorization: Bearer <credential>` on every call; none when undefined. */
  readonly credential?: string | undefined
}

/** A client of every group of the API, over the `HttpClient` in context. */
export const make = (options: Options) =>
  HttpApiClient.make(Api, {
    baseUrl: options.baseUrl,
    transformClient:
      options.credential === undefined
        ? undefined
        : HttpClient.mapRequest(HttpClientRequest.bearerToken(options.credential))
  })

/** The client `make` builds. */
export type Client = HttpApiClient.ForApi<typeof Api>
