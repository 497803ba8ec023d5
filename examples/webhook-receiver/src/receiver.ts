/**
 * An example webhook receiver: a plain node:http server that verifies each delivery before it
 * trusts it, and ignores repeats.
 *
 * Why the raw body first: the signature is an HMAC over the bytes exactly as sent. Parse the JSON
 * and serialise it again, and key order, spacing, number formats or unicode escapes may differ, so
 * the signature no longer matches (and a framework that parses for you may already have thrown the
 * bytes away). Read the raw body, verify it with `verifyWebhook`, and only then `JSON.parse`.
 *
 * Run it: `CG_WEBHOOK_SECRET=whsec_… node examples/webhook-receiver/src/receiver.ts` (port 8787).
 *
 * @since 0.1.0
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { WebhookSignature } from "@campaign-games/core"
import { Effect } from "effect"

/** What the receiver does with a verified event (here: keep it in memory). */
export interface Handled {
  readonly deliveryId: string
  readonly event: { readonly type: string; readonly createdAt: string; readonly data: unknown }
}

const readRaw = (request: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    request.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        reject(new Error("body too large"))
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on("end", () => resolve(Buffer.concat(chunks)))
    request.on("error", reject)
  })

/** A request handler for deliveries signed with `secret`; `onEvent` sees each delivery once. */
export const makeHandler =
  (secret: string, onEvent: (handled: Handled) => void, seen: Set<string> = new Set()) =>
  async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const raw = await readRaw(request)
    const signature = String(request.headers["x-service-signature"] ?? "")
    // 1. Verify the bytes exactly as received.
    const verified = await Effect.runPromise(
      WebhookSignature.verifyWebhook(new Uint8Array(raw), signature, secret).pipe(
        Effect.as(true),
        Effect.catch(() => Effect.succeed(false))
      )
    )
    if (!verified) {
      response.writeHead(400).end("bad signature")
      return
    }
    // 2. Deliveries arrive at least once: the delivery id names repeats.
    const deliveryId = String(request.headers["x-service-delivery-id"] ?? "")
    if (!seen.has(deliveryId)) {
      seen.add(deliveryId)
      // 3. Only now parse.
      onEvent({ deliveryId, event: JSON.parse(raw.toString("utf8")) })
    }
    // 4. Answer 2xx quickly (within 10 seconds); do slow work afterwards.
    response.writeHead(204).end()
  }

if (import.meta.main) {
  const secret = process.env.CG_WEBHOOK_SECRET
  if (secret === undefined) throw new Error("Set CG_WEBHOOK_SECRET to the endpoint's whsec_ secret.")
  const port = Number(process.env.PORT ?? 8787)
  createServer(
    makeHandler(secret, ({ deliveryId, event }) => console.log(deliveryId, event.type, JSON.stringify(event.data)))
  ).listen(port, "127.0.0.1", () => console.log(`webhook receiver on http://127.0.0.1:${port}`))
}
