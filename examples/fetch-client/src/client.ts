/**
 * The `/v1` API from any TypeScript code, without Effect: openapi-fetch over the types generated
 * from the served OpenAPI document (`api.ts`). Paths, parameters, bodies and answers are all typed;
 * a typo in a path or a field is a compile error.
 *
 * ```ts
 * const api = Client.make("http://127.0.0.1:8080", process.env.CG_API_KEY!)
 * const { data, error } = await api.POST("/v1/channels", { body: { name: "Homepage" } })
 * ```
 *
 * @since 0.1.0
 */
import createClient from "openapi-fetch"
import type { paths } from "./api.ts"

/** A client of the server at `baseUrl`, authenticated with an API key or a client token. */
export const make = (baseUrl: string, credential: string) =>
  createClient<paths, "application/json">({ baseUrl, headers: { authorization: `Bearer ${credential}` } })

/** What `make` gives. */
export type Client = ReturnType<typeof make>
