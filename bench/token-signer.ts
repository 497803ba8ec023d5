/**
 * The client token's cost per sign + verify: the engine's hand-written HS256 signer
 * (`ClientTokenSigner`, over `NodeSecrets`' `node:crypto` HMAC, as the server runs it) against the
 * `jose` library (`SignJWT` and `jwtVerify`, with the same key and claims). Every round signs N
 * distinct tokens and verifies each once (a new token each time: the signer's cache of verified
 * tokens never answers), after a warm-up; prints µs of CPU and of wall time per sign + verify (min
 * and median of 5 rounds). No network, no database. Run by hand:
 *
 *   node bench/token-signer.ts 20000
 */
import { ClientTokenSigner } from "@campaign-games/core"
import { NodeSecrets } from "@campaign-games/http"
import { Effect } from "effect"
import { jwtVerify, SignJWT } from "jose"

const N = Number(process.argv[2] ?? 20_000)
const SECRET = "a".repeat(52)
const KEY = new TextEncoder().encode(SECRET)

const claims = (i: number) => ({
  jti: `ses_${i.toString(36).padStart(12, "0")}`,
  acc: "acc_0123456789ab",
  chn: "chn_0123456789ab",
  gid: "gi_0123456789abcd",
  sub: `player-${i}`,
  org: "https://shop.example",
  iat: 1_780_000_000,
  exp: 1_780_003_600
})

const signer = Effect.runSync(Effect.provide(ClientTokenSigner.make(SECRET), NodeSecrets.layer))

const engine = async (n: number, offset: number) => {
  for (let i = 0; i < n; i++) {
    const token = Effect.runSync(signer.sign(claims(offset + i)))
    Effect.runSync(signer.verify(token))
  }
}

const library = async (n: number, offset: number) => {
  for (let i = 0; i < n; i++) {
    const token = await new SignJWT(claims(offset + i)).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(KEY)
    await jwtVerify(token, KEY, { algorithms: ["HS256"], currentDate: new Date(1_780_000_100_000) })
  }
}

/** CPU and wall µs per sign + verify over 5 rounds (min, median). */
const measure = async (name: string, run: (n: number, offset: number) => Promise<void>) => {
  await run(2000, 0)
  const cpu: Array<number> = []
  const wall: Array<number> = []
  for (let round = 0; round < 5; round++) {
    const before = process.cpuUsage()
    const started = performance.now()
    await run(N, (round + 1) * N)
    wall.push(((performance.now() - started) * 1000) / N)
    const used = process.cpuUsage(before)
    cpu.push((used.user + used.system) / N)
  }
  cpu.sort((a, b) => a - b)
  wall.sort((a, b) => a - b)
  console.log(
    `${name}: CPU µs a sign + verify min ${cpu[0]!.toFixed(1)}, median ${cpu[2]!.toFixed(1)}; wall min ${wall[0]!.toFixed(
      1
    )}, median ${wall[2]!.toFixed(1)} (${N} a round)`
  )
}

await measure("engine (ClientTokenSigner, node:crypto)", engine)
await measure("jose 6 (SignJWT + jwtVerify)", library)
