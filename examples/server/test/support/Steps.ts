/**
 * Steps many HTTP test files take, written once: calls bound to one key, the field paths of a 400,
 * the wheel most campaigns are made with, a campaign's default draw rules, a channel with a draft
 * campaign on it, and one whole play (mint → start → finish) as a player's page makes it. Each step
 * answers the server's replies and asserts nothing: the tests make their own assertions on them.
 */
import { SpinTheWheel } from "@campaign-games/core"
import { Effect } from "effect"
import type { Reply, RequestOptions } from "./TestServer.ts"

/** `TestServer`'s `request`. */
export type Request = (method: string, path: string, options?: RequestOptions) => Effect.Effect<Reply>

/** A call with `key` (or the key `as`) and, when given, a JSON body. */
export type Call = (method: string, path: string, body?: unknown, as?: string) => Effect.Effect<Reply>

/** Calls bound to `key` (each may name another key as its last argument). */
export const caller =
  (request: Request, key: string): Call =>
  (method, path, body, as = key) =>
    request(method, path, { key: as, body })

/** The field paths a 400 names in its `details`. */
export const paths = (body: any): Array<string> => (body?.error?.details ?? []).map((d: { path: string }) => d.path)

/**
 * What a wheel needs besides its segments to be activated: its two images and three sounds, as https
 * addresses the file rule judges by their extension.
 */
export const WHEEL_ART = SpinTheWheel.exampleMedia.art
export const WHEEL_SOUNDS = SpinTheWheel.exampleMedia.sounds

/** The spin-the-wheel config of most test campaigns: a winning segment and a losing one, art and sounds. */
export const WHEEL = {
  segments: [
    { id: "win", label: "Prize", isWin: true },
    { id: "lose", label: "Try again", isWin: false }
  ],
  art: WHEEL_ART,
  sounds: WHEEL_SOUNDS
}

/** A campaign's winner-selection rules when it sets none but `maxWinners` (a draw run adds its own fields). */
export const defaultDrawRules = (maxWinners: number) => ({
  maxWinners,
  tieBreak: "earliest_entry",
  windowStart: null,
  windowEnd: null
})

/**
 * A channel (named "Main" unless `channel` says otherwise) and a draft spin-the-wheel campaign on
 * it, made with `campaign`'s fields (its name and config, or another `gameSlug`): the channel, and
 * the reply to the campaign's creation.
 */
export const channelWithCampaign = (
  call: Call,
  campaign: Record<string, unknown>,
  channel: Record<string, unknown> = { name: "Main" }
) =>
  Effect.gen(function* () {
    const created = (yield* call("POST", "/v1/channels", channel)).body.channel
    const reply = yield* call("POST", "/v1/game-instances", {
      gameSlug: "spin-the-wheel",
      channelId: created.id,
      ...campaign
    })
    return { channel: created, created: reply }
  })

/**
 * One whole play of `participantRef` on the channel: a client token minted with `key` for `origin`,
 * a session started with it, and finished with an empty body. The three replies.
 */
export const play = (
  request: Request,
  mint: { readonly key: string; readonly channelId: string; readonly participantRef: string; readonly origin: string }
) =>
  Effect.gen(function* () {
    const minted = yield* request("POST", "/v1/auth/session-tokens", {
      key: mint.key,
      body: { channelId: mint.channelId, participantRef: mint.participantRef, origin: mint.origin }
    })
    const token = minted.body.clientToken
    const started = yield* request("POST", "/v1/play/sessions", { key: token })
    const finished = yield* request("POST", `/v1/play/sessions/${started.body.session.id}/finish`, {
      key: token,
      body: {}
    })
    return { minted, started, finished }
  })

/** A new API key of the account of `call`'s key, holding only `permissions` (and named after them). */
export const keyWith = (call: Call, ...permissions: Array<string>) =>
  Effect.map(
    call("POST", "/v1/tenant/api-keys", { name: permissions.join(" "), permissions }),
    (reply) => reply.body.apiKey.key as string
  )

/** A quiz question (`id`, `text`) with two options: "a", the `right` answer, and "b", a `wrong` one. */
export const question = (id: string, text: string, right: string, wrong: string) => ({
  id,
  text,
  options: [
    { id: "a", text: right },
    { id: "b", text: wrong }
  ],
  correctOptionId: "a"
})
