/**
 * The demo's backend: what a shop's own server does to put the games on its pages. It holds the API
 * key (one that may only mint client tokens) and never hands it out; for each play the page asks it
 * for a client token (`POST /demo/token` with the placement), which it mints for the visitor (a
 * cookie of its own names them: the participantRef) on that placement's channel. The page plays with
 * the token alone, calling the play API (`/v1/play/…`) on this same origin: the backend passes those
 * two routes, and only those, to the API. It also serves the page (`public/`).
 *
 * The API runs in this process (`InProcessApi`); the demo's data is created at each start
 * (`Demo.seed`), in a new account.
 *
 * @since 0.1.0
 */
import { randomUUID } from "node:crypto"
import { once } from "node:events"
import { readdir, readFile } from "node:fs/promises"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { extname } from "node:path"
import type { StorePorts } from "@campaign-games/core"
import type { Layer } from "effect"
import * as Demo from "./Demo.ts"
import * as InProcessApi from "./InProcessApi.ts"
import * as Operator from "./Operator.ts"

export interface Options<E> {
  readonly host: string
  /** 0 picks a free port. */
  readonly port: number
  readonly store: Layer.Layer<StorePorts.StoreServices, E>
}

export interface Running {
  /** `http://host:port`, the port the backend listens on. */
  readonly url: string
  /** What the demo created: keys, channels and campaigns. */
  readonly seeded: Demo.Seeded
  /** The whole API of this process, for the demo's operator (with `seeded.ownerKey`): never served to the page. */
  readonly api: Demo.Api
  readonly close: () => Promise<void>
}

/** Lifetime of a client token the backend mints: one play, ten minutes at most. */
const TOKEN_TTL_SECONDS = 600
/** The largest body the backend reads (a quiz's answers are far below it). */
const MAX_BODY_BYTES = 64 * 1024
/** The visitor's cookie: a random id of the backend's own, the participantRef of their plays. */
const PLAYER_COOKIE = "cg_player"

const contentTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8"
}

/** The page's policy: its own scripts and styles only; images, media and fonts of a theme may be https. */
const pageHeaders = {
  "content-security-policy":
    "default-src 'self'; img-src 'self' https: data:; media-src 'self' https:; font-src 'self' https:; style-src 'self' https:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "cache-control": "no-store"
}

/** The play API's routes (start, a Memory Match's flips, finish), the only ones the page may reach. */
const playRoute = /^\/v1\/play\/sessions(?:\/[^/]+\/(?:finish|flips))?$/u

/** The files of `public/`, read once, by path (`/` is `index.html`). */
const loadPage = async (): Promise<ReadonlyMap<string, { readonly type: string; readonly body: Buffer }>> => {
  const directory = new URL("../public/", import.meta.url)
  const files = new Map<string, { readonly type: string; readonly body: Buffer }>()
  for (const name of await readdir(directory)) {
    const type = contentTypes[extname(name)]
    if (type !== undefined) files.set(`/${name}`, { type, body: await readFile(new URL(name, directory)) })
  }
  const index = files.get("/index.html")
  if (index === undefined) throw new Error("public/index.html is missing")
  files.set("/", index)
  return files
}

class TooLarge extends Error {}

/** The request's body, refused past `MAX_BODY_BYTES`. */
const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Array<Buffer> = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new TooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers })
  response.end(JSON.stringify(body))
}

/** An error in the API's shape, for what the backend itself refuses. */
const refuse = (response: ServerResponse, status: number, code: string, message: string, path?: string) =>
  sendJson(response, status, {
    error: { code, message, ...(path === undefined ? {} : { details: [{ path, message }] }) }
  })

/** Answers the API's response as is (status, type, body). */
const relay = async (response: ServerResponse, answer: Response, headers: Record<string, string> = {}) => {
  response.writeHead(answer.status, {
    "content-type": answer.headers.get("content-type") ?? "application/json",
    "cache-control": "no-store",
    ...headers
  })
  response.end(Buffer.from(await answer.arrayBuffer()))
}

/** The visitor's id from their cookie, or a new one (with the cookie to set). */
const visitor = (request: IncomingMessage): { readonly id: string; readonly setCookie?: string } => {
  const cookies = (request.headers.cookie ?? "").split(";").map((part) => part.trim().split("="))
  const found = cookies.find(([name]) => name === PLAYER_COOKIE)?.[1]
  if (found !== undefined && /^[0-9a-f-]{36}$/u.test(found)) return { id: found }
  const id = randomUUID()
  return { id, setCookie: `${PLAYER_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000` }
}

const isPlacement = (value: unknown): value is Demo.Placement =>
  typeof value === "string" && (Demo.placements as ReadonlyArray<string>).includes(value)

/** Starts the demo: the API and its data first, then the backend's port. */
export const start = async <E>(options: Options<E>): Promise<Running> => {
  const api = InProcessApi.make({ store: options.store, publicUrl: `http://${options.host}:${options.port}` })
  let seeded: Demo.Seeded
  let page: Awaited<ReturnType<typeof loadPage>>
  try {
    await api.whenReady()
    seeded = await Demo.seed(api.handler, api.adminToken)
    page = await loadPage()
  } catch (error) {
    await api.dispose()
    throw error
  }

  /** `POST /demo/token {placement}`: a client token for the visitor on the placement's channel. */
  const mint = async (request: IncomingMessage, response: ServerResponse) => {
    let placement: unknown
    try {
      placement = (JSON.parse((await readBody(request)).toString("utf8")) as { placement?: unknown }).placement
    } catch (error) {
      if (error instanceof TooLarge) return refuse(response, 413, "invalid_request", "The body is too large")
      return refuse(response, 400, "invalid_request", "The body must be JSON: { placement }")
    }
    if (!isPlacement(placement)) {
      return refuse(response, 400, "invalid_request", `Expected one of ${Demo.placements.join(", ")}`, "placement")
    }
    const player = visitor(request)
    const answer = await api.handler(
      new Request("http://campaign-games.internal/v1/auth/session-tokens", {
        method: "POST",
        headers: { authorization: `Bearer ${seeded.mintKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          channelId: seeded.channels[placement],
          participantRef: `visitor-${player.id}`,
          origin: Demo.SITE,
          ttlSeconds: TOKEN_TTL_SECONDS
        })
      })
    )
    // 201 a token; 200 nothing live (the between-campaigns message); 409 every play used (its message is for the player).
    return relay(response, answer, player.setCookie === undefined ? {} : { "set-cookie": player.setCookie })
  }

  /** `/v1/play/…`: the page's play call, passed to the API with its client token and body. */
  const play = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    let body: Buffer
    try {
      body = await readBody(request)
    } catch (error) {
      if (error instanceof TooLarge) return refuse(response, 413, "invalid_request", "The body is too large")
      throw error
    }
    const headers = new Headers()
    for (const name of ["authorization", "content-type"] as const) {
      const value = request.headers[name]
      if (value !== undefined) headers.set(name, value)
    }
    const answer = await api.handler(
      new Request(`http://campaign-games.internal${path}`, {
        method: "POST",
        headers,
        ...(body.length === 0 ? {} : { body: new Uint8Array(body) })
      })
    )
    return relay(response, answer)
  }

  const route = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://backend.internal").pathname
    if (request.method === "POST" && path === "/demo/token") return mint(request, response)
    if (request.method === "POST" && playRoute.test(path)) return play(request, response, path)
    if (Operator.isOperatorRoute(path)) return Operator.handle(request, response, api.handler, seeded)
    const file = page.get(path)
    if (file !== undefined && (request.method === "GET" || request.method === "HEAD")) {
      response.writeHead(200, { "content-type": file.type, ...pageHeaders })
      return response.end(request.method === "HEAD" ? undefined : file.body)
    }
    response.writeHead(404, { "content-type": "text/plain; charset=utf-8" })
    response.end("Not found")
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      console.error(error)
      if (!response.headersSent) refuse(response, 500, "internal_error", "The demo's backend failed")
      else response.destroy()
    })
  })
  try {
    // `once` rejects when the server emits "error" first (the port taken, say).
    await once(server.listen(options.port, options.host), "listening")
  } catch (error) {
    await api.dispose()
    throw error
  }
  const { port } = server.address() as AddressInfo
  const close = async () => {
    const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    server.closeAllConnections()
    await closed
    await api.dispose()
  }
  return { url: `http://${options.host}:${port}`, seeded, api: api.handler, close }
}
