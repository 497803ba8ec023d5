/**
 * The benchmarks' API client: one call to the reference server over `fetch`, with an API key (or the
 * operator token), answering the parsed JSON body and throwing on any status from 300 up. Shared by
 * `plays.ts` (`--client fetch`) and the webhook harness (`webhook-harness.ts`). Not a test: run by
 * hand.
 */

/** `method path` on the server at `base` with `Authorization: Bearer <key>`; the JSON answer. */
export const call = async (base: string, method: string, path: string, key: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const json = (await response.json()) as any
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}
