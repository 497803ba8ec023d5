/**
 * The demo's operator page (`public/operator.html`): a campaign's statistics drawn as a chart and
 * the links to its CSV exports. The backend answers the page's three reads with the account's owner
 * key, which stays here: `GET /demo/operator/stats?campaign=&from=&interval=` (the API's
 * `GET /v1/game-instances/{id}/stats`), and `GET /demo/operator/export/{entries|grants}?campaign=`
 * (the API's CSV exports, passed through as they stream). `campaign` names one of the demo's
 * campaigns (`wheel`, `quiz`, `prediction`).
 *
 * The demo has no login: these routes answer loopback callers only (403 otherwise), as a real
 * operator page would sit behind the shop's own sign-in.
 *
 * @since 0.1.0
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { Readable } from "node:stream"
import type * as Demo from "./Demo.ts"

type CampaignName = keyof Demo.Seeded["campaigns"]

const isCampaign = (seeded: Demo.Seeded, name: string | null): name is CampaignName =>
  name !== null && Object.hasOwn(seeded.campaigns, name)

const isLoopback = (request: IncomingMessage): boolean => {
  const address = request.socket.remoteAddress ?? ""
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1"
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
  response.end(JSON.stringify(body))
}

const refuse = (response: ServerResponse, status: number, code: string, message: string, path?: string) =>
  json(response, status, { error: { code, message, ...(path === undefined ? {} : { details: [{ path, message }] }) } })

/** Whether `path` is one of the operator's routes. */
export const isOperatorRoute = (path: string): boolean => path.startsWith("/demo/operator/")

/** Answers an operator route (`isOperatorRoute`). */
export const handle = async (
  request: IncomingMessage,
  response: ServerResponse,
  api: Demo.Api,
  seeded: Demo.Seeded
): Promise<void> => {
  if (!isLoopback(request)) return refuse(response, 403, "forbidden", "The operator page answers on this machine only")
  if (request.method !== "GET") return refuse(response, 405, "invalid_request", "GET only")
  const url = new URL(request.url ?? "/", "http://backend.internal")
  const name = url.searchParams.get("campaign")
  if (!isCampaign(seeded, name)) {
    return refuse(
      response,
      400,
      "invalid_request",
      `Expected one of ${Object.keys(seeded.campaigns).join(", ")}`,
      "campaign"
    )
  }
  const base = `/v1/game-instances/${seeded.campaigns[name]}`
  let target: string
  if (url.pathname === "/demo/operator/stats") {
    const query = new URLSearchParams()
    for (const key of ["from", "to", "interval"]) {
      const value = url.searchParams.get(key)
      if (value !== null) query.set(key, value)
    }
    target = `${base}/stats?${query}`
  } else if (url.pathname === "/demo/operator/export/entries") target = `${base}/entries/export`
  else if (url.pathname === "/demo/operator/export/grants") target = `${base}/reward-grants/export`
  else return refuse(response, 404, "not_found", "No such operator route")

  const answer = await api(
    new Request(`http://campaign-games.internal${target}`, { headers: { authorization: `Bearer ${seeded.ownerKey}` } })
  )
  const csv = (answer.headers.get("content-type") ?? "").startsWith("text/csv")
  response.writeHead(answer.status, {
    "content-type": answer.headers.get("content-type") ?? "application/json",
    "cache-control": "no-store",
    ...(csv ? { "content-disposition": `attachment; filename="${name}-${url.pathname.split("/").pop()}.csv"` } : {})
  })
  if (answer.body === null) return void response.end()
  // Streamed through: the export is never held whole here either.
  const body = Readable.fromWeb(answer.body as import("node:stream/web").ReadableStream<Uint8Array>)
  response.on("close", () => body.destroy())
  body.pipe(response)
}
