/**
 * Media benchmark: a 50 MB video (52,428,800 bytes, the largest upload) uploaded and served through
 * the reference server, on the disk store and on S3 (an `s3rver` started here on 127.0.0.1), with
 * the server's resident memory sampled all along. The server runs as a child process
 * (`bench/memory-server.ts`, the memory store), so its RSS is its own: the file is read from disk
 * and posted by this process (`fs.openAsBlob`), the served body counted and dropped here.
 *
 * For each store it prints the upload throughput (the multipart POST to `upload.url`: the server's
 * own route on the disk store, the bucket on S3), the confirm time (the bytes checked), the serve
 * throughput (a GET of `asset.url`: streamed by the server from the disk; a redirect and then the
 * bucket's presigned GET on S3), and the server's RSS before, its peak in each phase, and the
 * growth. Nothing holds the file, and the streams collect the buffers they went through as they go
 * (`packages/http/src/internal/Garbage.ts`), so each round grows by a few MB at most (docs/media.md
 * has the figures). Run by hand, never in CI:
 *
 *   node bench/media.ts               # disk and S3, one upload each
 *   node bench/media.ts --store disk --rounds 3
 *   node bench/media.ts --rounds 3 --server-flags=--max-semi-space-size=1
 */
import { openAsBlob, readFileSync, rmSync } from "node:fs"
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { credentials, startS3server } from "../examples/server/test/fixtures/media/S3.ts"
import { writeMp4 } from "../examples/server/test/fixtures/media/Samples.ts"
import * as BenchClient from "./bench-client.ts"
import * as Options from "./internal/Options.ts"
import * as BenchServer from "./internal/Server.ts"

const options = Options.parse({
  store: "both",
  rounds: 1,
  port: 18281,
  // V8 flags for the server process, for instance `--max-semi-space-size=1` (see the note above).
  "server-flags": ""
})

const SIZE = 52_428_800
const MB = 1_000_000
const ADMIN = BenchServer.ADMIN

const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

/** Samples the server's RSS every 20 ms until stopped: the peak. */
const sampler = (pid: number) => {
  let peak = rssOf(pid)
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20)
  return { stop: () => (clearInterval(timer), (peak = Math.max(peak, rssOf(pid))), peak) }
}

/** The reference server on the memory store (`memory-server.ts`), with `env` and `--server-flags`, once it is up. */
const startServer = async (env: Record<string, string>) => {
  const base = `http://127.0.0.1:${options.port}`
  const flags = options["server-flags"].split(" ").filter((f) => f !== "")
  const server = BenchServer.spawnServer(
    "bench/memory-server.ts",
    { ...process.env, PORT: String(options.port), CG_ADMIN_TOKEN: ADMIN, ...env } as Record<string, string>,
    ["ignore", "inherit", "inherit"],
    flags
  )
  if ((await BenchServer.waitUntilUp(base, server)) !== "up") {
    await server.stop()
    throw new Error("the server did not start")
  }
  return { server, base }
}

/** One upload and one serve of the file; timings in ms, and the server's RSS peak of each phase. */
const round = async (base: string, key: string, file: string, pid?: number) => {
  let sample = pid === undefined ? undefined : sampler(pid)
  const peaks: Array<number> = []
  const phase = () => {
    if (sample !== undefined && pid !== undefined) {
      peaks.push(sample.stop())
      sample = sampler(pid)
    }
  }
  const started = await BenchClient.call(base, "POST", "/v1/tenant/assets/presign", key, {
    filename: "bench.mp4",
    contentType: "video/mp4",
    sizeBytes: SIZE
  })
  const form = new FormData()
  for (const [name, value] of Object.entries(started.upload.fields as Record<string, string>)) form.append(name, value)
  form.append("file", await openAsBlob(file, { type: "video/mp4" }), "bench.mp4")
  const t0 = performance.now()
  const posted = await fetch(started.upload.url, { method: "POST", body: form })
  await posted.arrayBuffer()
  if (!posted.ok) throw new Error(`upload: ${posted.status}`)
  const t1 = performance.now()
  phase()
  const confirmed = await BenchClient.call(base, "POST", `/v1/tenant/assets/${started.asset.id}/confirm`, key)
  const t2 = performance.now()
  phase()
  const served = await fetch(confirmed.asset.url)
  let bytes = 0
  for await (const chunk of served.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
  const t3 = performance.now()
  if (bytes !== SIZE) throw new Error(`served ${bytes} bytes`)
  phase()
  sample?.stop()
  return { upload: t1 - t0, confirm: t2 - t1, serve: t3 - t2, redirected: served.redirected, peaks }
}

const run = async (store: "disk" | "s3", file: string) => {
  const s3 = store === "s3" ? await startS3server("bench") : undefined
  const { base, server } = await startServer(
    s3 === undefined
      ? {}
      : {
          CG_S3_BUCKET: s3.bucket,
          CG_S3_ENDPOINT: s3.endpoint,
          CG_S3_FORCE_PATH_STYLE: "true",
          AWS_ACCESS_KEY_ID: credentials.accessKeyId,
          AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey
        }
  )
  try {
    const account = await BenchClient.call(base, "POST", "/admin/v1/accounts", ADMIN, {
      name: "bench",
      plan: "unlimited"
    })
    const key = account.apiKey.key
    // Warm up every path with a small video, then let the server settle.
    const small = join(tmpdir(), `cg-bench-small-${process.pid}.mp4`)
    await writeMp4(small, 1_000_000)
    await round(base, key, small).catch(() => undefined)
    rmSync(small, { force: true })
    await new Promise((r) => setTimeout(r, 500))
    const pid = server.child.pid!
    for (let i = 0; i < options.rounds; i++) {
      const before = rssOf(pid)
      const timing = await round(base, key, file, pid)
      const peak = Math.max(...timing.peaks)
      const mbps = (ms: number) => (SIZE / MB / (ms / 1000)).toFixed(1)
      console.log(
        `${store.padEnd(4)} round ${i + 1}: upload ${timing.upload.toFixed(0)} ms (${mbps(timing.upload)} MB/s), ` +
          `confirm ${timing.confirm.toFixed(0)} ms, serve ${timing.serve.toFixed(0)} ms (${mbps(timing.serve)} MB/s${timing.redirected ? ", via the redirect" : ""}); ` +
          `server RSS ${(before / MB).toFixed(1)} MB before, peak ${(peak / MB).toFixed(1)} MB, growth ${((peak - before) / MB).toFixed(1)} MB (peaks: upload ${(timing.peaks[0]! / MB).toFixed(1)}, confirm ${(timing.peaks[1]! / MB).toFixed(1)}, serve ${(timing.peaks[2]! / MB).toFixed(1)})`
      )
    }
  } finally {
    await server.stop()
    await s3?.close()
  }
}

const main = async () => {
  const directory = await mkdtemp(join(tmpdir(), "cg-bench-media-"))
  const file = join(directory, "video.mp4")
  await writeMp4(file, SIZE)
  try {
    const stores = options.store === "both" ? (["disk", "s3"] as const) : [options.store as "disk" | "s3"]
    for (const store of stores) await run(store, file)
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

await main()
