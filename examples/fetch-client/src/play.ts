/**
 * A whole play through the fetch client, as a backend and an embed would make it: an allowed
 * origin, a channel, a spin-the-wheel campaign activated on it, a client token minted for a player,
 * then the embed's start and finish, and the campaign's entries read back. Run it against a server:
 * `CG_API_KEY=cgk_… node examples/fetch-client/src/play.ts http://127.0.0.1:8080`.
 *
 * @since 0.1.0
 */
import { fileURLToPath } from "node:url"
import * as Client from "./client.ts"

const ORIGIN = "https://shop.example.com"

/** The answer's data, or an error naming the call and the server's answer. */
const ok = <T>(call: string, result: { data?: T; error?: unknown; response: Response }): T => {
  if (result.data === undefined) {
    throw new Error(`${call}: ${result.response.status} ${JSON.stringify(result.error)}`)
  }
  return result.data
}

/** Plays once with `apiKey` on the server at `baseUrl`; returns what each step answered. */
export const playOnce = async (baseUrl: string, apiKey: string) => {
  const api = Client.make(baseUrl, apiKey)
  ok("add origin", await api.POST("/v1/tenant/allowed-origins", { body: { origin: ORIGIN } }))
  const { channel } = ok("create channel", await api.POST("/v1/channels", { body: { name: "Homepage" } }))
  const { gameInstance: draft } = ok(
    "create campaign",
    await api.POST("/v1/game-instances", {
      body: {
        gameSlug: "spin-the-wheel",
        name: "Summer wheel",
        channelId: channel.id,
        config: {
          segments: [
            { id: "win", label: "Prize", isWin: true, weight: 1 },
            { id: "lose", label: "Try again", isWin: false, weight: 1 }
          ],
          // Activation needs the wheel's two images and three sounds too.
          art: {
            background: "https://cdn.example.com/wheel/background.png",
            pointer: "https://cdn.example.com/wheel/pointer.png"
          },
          sounds: {
            spin: "https://cdn.example.com/wheel/spin.mp3",
            win: "https://cdn.example.com/wheel/win.mp3",
            lose: "https://cdn.example.com/wheel/lose.mp3"
          }
        }
      }
    })
  )
  const { gameInstance } = ok(
    "activate",
    await api.POST("/v1/game-instances/{id}/activate", { params: { path: { id: draft.id } }, body: {} })
  )
  const minted = await api.POST("/v1/auth/session-tokens", {
    body: { channelId: channel.id, participantRef: "player-1", origin: ORIGIN }
  })
  // 201 with a token, or 200 with the channel's between-campaigns message when nothing is live;
  // openapi-fetch 0.17 does not resolve the data type of an operation with two success answers.
  const clientToken = (minted.data as { readonly clientToken: string | null } | undefined)?.clientToken
  if (clientToken === undefined || clientToken === null) {
    throw new Error(`mint: ${minted.response.status} ${JSON.stringify(minted.error ?? minted.data)}`)
  }
  const embed = Client.make(baseUrl, clientToken)
  const started = ok("start", await embed.POST("/v1/play/sessions"))
  const finished = ok(
    "finish",
    await embed.POST("/v1/play/sessions/{sessionId}/finish", {
      params: { path: { sessionId: started.session.id } },
      body: {}
    })
  )
  const entries = ok(
    "entries",
    await api.GET("/v1/game-instances/{id}/entries", { params: { path: { id: draft.id } } })
  )
  return { channel, gameInstance, started, finished, entries }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await playOnce(process.argv[2] ?? "http://127.0.0.1:8080", process.env.CG_API_KEY ?? "")
  console.log(JSON.stringify({ outcome: result.finished.outcome, entries: result.entries.total }, null, 2))
}
