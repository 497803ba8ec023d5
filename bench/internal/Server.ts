/**
 * What the benchmarks that run the reference server as a child process share: starting it (under
 * `--cpu-prof` when `CG_BENCH_PROFILE=<dir>` is set), waiting until its `/health` answers, stopping
 * it in order (SIGINT, so that the runtime shuts down and a profile gets written; SIGKILL after
 * 10 s), and the set-up every play needs: a channel with a live spin-the-wheel campaign, and keys to
 * mint client tokens with. Used by `plays.ts`, `media.ts` (start and stop only) and
 * `webhook-harness.ts`. Loopback only; not a test.
 */
import { type ChildProcess, spawn, type StdioOptions } from "node:child_process"
// By path, not the package: the benches run with plain `node`, which resolves packages to their builds.
import * as SpinTheWheel from "../../packages/core/src/games/SpinTheWheel.ts"

/** The operator token the benchmarks start their servers with. */
export const ADMIN = "bench-admin-token-0123456789abcdef"
/** The allowed origin of every benchmark account, sent with every mint. */
export const ORIGIN = "https://bench.example.com"

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export interface ServerProcess {
  readonly child: ChildProcess
  readonly exited: Promise<void>
  /** Whether it has exited (by itself or by a signal). */
  readonly gone: () => boolean
  /** Stops it: SIGINT, then SIGKILL if it is still running after 10 s. */
  readonly stop: () => Promise<void>
}

/**
 * Runs `script` (a path from the repository root) with Node, as `CG_BENCH_PROFILE` asks, and with
 * `flags` (V8 flags, for instance `--max-semi-space-size=1`).
 */
export const spawnServer = (
  script: string,
  env: Record<string, string>,
  stdio: StdioOptions,
  flags: ReadonlyArray<string> = []
): ServerProcess => {
  // With `CG_BENCH_PROFILE=<dir>` the server writes its V8 CPU profile there when it stops.
  const profileDir = process.env.CG_BENCH_PROFILE ?? ""
  const profile = profileDir === "" ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]
  // The workspace's packages from their sources (docs/packages.md).
  const sources = "--conditions=@campaign-games/source"
  const child = spawn(process.execPath, [sources, ...profile, ...flags, script], { env, stdio })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const gone = () => child.exitCode !== null || child.signalCode !== null
  return {
    child,
    exited,
    gone,
    stop: async () => {
      if (gone()) return
      child.kill("SIGINT")
      await Promise.race([exited, sleep(10_000)])
      if (!gone()) child.kill("SIGKILL")
      await Promise.race([exited, sleep(2_000)])
    }
  }
}

/**
 * Waits until `GET base/health` answers 200: `"up"`, or `"exited"` when the server exits first, or
 * `"timeout"` after 60 s.
 */
export const waitUntilUp = async (base: string, server: ServerProcess): Promise<"up" | "exited" | "timeout"> => {
  const started = Date.now()
  for (;;) {
    if (server.gone()) return "exited"
    try {
      if ((await fetch(`${base}/health`)).ok) return "up"
    } catch {
      // not up yet
    }
    if (Date.now() - started > 60_000) return "timeout"
    await sleep(100)
  }
}

/** One API call with `Authorization: Bearer <key>`: the JSON answer, a rejection from status 300 up. */
export type Call = (method: string, path: string, key: string, body?: unknown) => Promise<any>

/**
 * `Call` through a Web handler in this process (`Server.toWebHandler`): no socket, the bearer
 * `key` and `ORIGIN` on every request, a status of 300 or more thrown with its body.
 */
export const inProcess =
  (handler: (request: Request) => Promise<Response>): Call =>
  async (method, path, key, body) => {
    const response = await handler(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          origin: ORIGIN,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
    )
    const text = await response.text()
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`)
    return JSON.parse(text)
  }

/**
 * The wheel of every benchmark campaign: one winning segment, one losing, and the two images and
 * three sounds activation needs (https addresses the file rule judges by extension).
 */
export const WHEEL = {
  segments: [
    { id: "w", label: "Win", isWin: true },
    { id: "l", label: "Lose", isWin: false }
  ],
  ...SpinTheWheel.exampleMedia
}

/**
 * A channel named `name` with a live spin-the-wheel campaign of the same name: `limits` (play limits)
 * on both, and with `reward` the campaign's reward set before it is activated.
 */
export const liveWheel = async (
  call: Call,
  key: string,
  name: string,
  options: { readonly limits?: object; readonly reward?: unknown } = {}
) => {
  const { channel } = await call("POST", "/v1/channels", key, { name, ...options.limits })
  const { gameInstance } = await call("POST", "/v1/game-instances", key, {
    gameSlug: "spin-the-wheel",
    name,
    channelId: channel.id,
    ...options.limits,
    config: WHEEL
  })
  if (options.reward !== undefined)
    await call("PUT", `/v1/game-instances/${gameInstance.id}/reward`, key, options.reward)
  await call("POST", `/v1/game-instances/${gameInstance.id}/activate`, key, {})
  return { channelId: channel.id as string, campaignId: gameInstance.id as string }
}

/** An account `bench` on the pro plan with `ORIGIN` allowed and a live wheel: its owner key and the wheel's channel. */
export const benchAccount = async (call: Call): Promise<{ readonly key: string; readonly channelId: string }> => {
  const { apiKey } = await call("POST", "/admin/v1/accounts", ADMIN, { name: "bench", plan: "pro" })
  const key = apiKey.key as string
  await call("POST", "/v1/tenant/allowed-origins", key, { origin: ORIGIN })
  const { channelId } = await liveWheel(call, key, "bench")
  return { key, channelId }
}

/** `count` keys of `tokens.mint` (the mint allows 600 calls a minute per key: plays spread over them). */
export const mintKeys = async (call: Call, key: string, count: number): Promise<Array<string>> => {
  const keys: Array<string> = []
  for (let i = 0; i < count; i++) {
    const created = await call("POST", "/v1/tenant/api-keys", key, { name: `bench-${i}`, permissions: ["tokens.mint"] })
    keys.push(created.apiKey.key)
  }
  return keys
}
