/**
 * The benchmarks' API client: one call to the reference server with an API key (or the operator
 * token), answering the parsed JSON body and throwing on any status from 300 up, over `fetch`
 * (`call`) or over keep-alive `node:http` connections (`keepAlive`, about a third of the CPU a
 * `fetch` costs this process). Shared by `plays.ts` and the webhook harness (`webhook-harness.ts`).
 * Not a test: run by hand.
 */
import { Agent, request } from "node:http"

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

/**
 * A client over keep-alive `node:http` connections (at most `maxSockets`, one per concurrent player):
 * `call` as above, and `close` to end its connections.
 */
export const keepAlive = (maxSockets: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets })
  const callKeepAlive = (base: string, method: string, path: string, key: string, body?: unknown) =>
    new Promise<any>((resolve, reject) => {
      const url = new URL(base)
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const req = request(
        {
          host: url.hostname,
          port: Number(url.port),
          method,
          path,
          agent,
          headers: {
            authorization: `Bearer ${key}`,
            "content-type": "application/json",
            ...(payload === undefined ? {} : { "content-length": Buffer.byteLength(payload) })
          }
        },
        (response) => {
          const chunks: Array<Buffer> = []
          response.on("data", (chunk: Buffer) => chunks.push(chunk))
          response.on("end", () => {
            try {
              const json = JSON.parse(Buffer.concat(chunks).toString("utf8"))
              const status = response.statusCode ?? 0
              if (status >= 300) reject(new Error(`${method} ${path}: ${status} ${JSON.stringify(json)}`))
              else resolve(json)
            } catch (error) {
              reject(error)
            }
          })
          response.on("error", reject)
        }
      )
      req.on("error", reject)
      req.end(payload)
    })
  return { call: callKeepAlive, close: () => agent.destroy() }
}
