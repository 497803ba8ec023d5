import { createHmac } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { assert, it } from "@effect/vitest"
import { Effect } from "effect"
import { type Handled, makeHandler } from "../src/receiver.ts"

const secret = "whsec_example"
const sign = (body: string, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`

it.live("accepts a signed delivery once, refuses a re-serialised body, a stale one and a forged one", () =>
  Effect.promise(async () => {
    const handled: Array<Handled> = []
    const server = createServer(makeHandler(secret, (h) => handled.push(h)))
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const post = (body: string, signature: string, id = "dlv_1") =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-signature": signature, "x-service-delivery-id": id },
        body
      }).then((r) => r.status)
    // The bytes as the service sends them (here with spacing a re-serialisation would lose).
    const raw = '{"type":"session_completed", "createdAt":"2026-01-01T00:00:00.000Z","data":{"score":1.50}}'
    const signature = sign(raw)
    assert.strictEqual(await post(raw, signature), 204)
    assert.strictEqual(await post(raw, signature), 204, "a repeat is answered 2xx…")
    assert.strictEqual(handled.length, 1, "…but handled once")
    // Parsing then serialising changes the bytes ("1.50" → 1.5, the space goes): the signature no longer matches.
    assert.strictEqual(await post(JSON.stringify(JSON.parse(raw)), signature, "dlv_2"), 400)
    assert.strictEqual(await post(raw, sign(raw, Math.floor(Date.now() / 1000) - 301), "dlv_3"), 400)
    assert.strictEqual(await post(raw, `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`, "dlv_4"), 400)
    assert.strictEqual(handled.length, 1)
    assert.strictEqual(handled[0]!.event.type, "session_completed")
    server.close()
    server.closeAllConnections()
  })
)
