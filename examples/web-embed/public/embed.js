/* global console, crypto, document, fetch, location, setTimeout, URLSearchParams, window */
/**
 * The embed on a shop's page. For its placement (`?placement=`) it asks the shop's backend for a
 * client token (`POST /demo/token`: the backend holds the API key and mints), then plays with that
 * token alone: `POST /v1/play/sessions` answers the player's view of the game with its effective
 * theme and wording, which the embed applies; the game's own module plays it and calls
 * `POST /v1/play/sessions/{id}/finish`; the result shows with the reward page when the play earned
 * one. When nothing is live on the channel, the channel's between-campaigns message shows instead.
 * A new token is minted at every page load (tokens are never kept).
 */
import { playPrediction } from "./prediction.js"
import { playQuiz } from "./quiz.js"
import { renderRewardPage } from "./reward.js"
import { applyTheme, safeUrl } from "./theme.js"
import { playWheel } from "./wheel.js"
import { embedText, wording } from "./wording.js"

const games = { "spin-the-wheel": playWheel, quiz: playQuiz, prediction: playPrediction }

const root = document.getElementById("cg")
const part = (selector) => root.querySelector(selector)
const placement = new URLSearchParams(location.search).get("placement") ?? "wheel"
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches

/** POSTs JSON; answers the status and the JSON body (null when there is none). */
/**
 * A POST. A play call (with the client token) carries an `Idempotency-Key` of its own and is retried
 * with it, twice at most, when it answers 503 (or a 409 saying the key's first request still runs) or
 * the network fails: a play the server stored before
 * its answer was lost answers again what it first answered (README, "Send an Idempotency-Key").
 */
const post = async (path, body, token) => {
  const headers = { "content-type": "application/json" }
  if (token !== undefined) {
    headers.authorization = `Bearer ${token}`
    headers["idempotency-key"] = crypto.randomUUID()
  }
  const send = async () => {
    const response = await fetch(path, {
      method: "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const text = await response.text()
    return { status: response.status, body: text === "" ? null : JSON.parse(text) }
  }
  for (let attempt = 1; ; attempt++) {
    const retry = token !== undefined && attempt < 3
    try {
      const answer = await send()
      // A 409 naming the key that says its first request still runs: that request was cut short (the
      // server lost its store meanwhile); the key is released or answered shortly.
      const stillRunning =
        answer.status === 409 &&
        answer.body?.error?.details?.[0]?.message === "a request with this key is still running"
      if ((answer.status !== 503 && !stillRunning) || !retry) return answer
    } catch (error) {
      if (!retry) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt))
  }
}

const setState = (state) => {
  root.dataset.state = state
}

const status = (message) => {
  part(".cg-status").textContent = message
}

/** Shows an error's message (the API's messages are written for a person), or `message`. */
const fail = (answer, message = embedText.failed) => {
  const error = part(".cg-error")
  error.textContent = answer?.body?.error?.message ?? message
  error.hidden = false
  status("")
  setState("error")
}

const showHeading = (title, intro) => {
  part(".cg-title").textContent = title
  part(".cg-intro").textContent = intro
  part(".cg-intro").hidden = intro === ""
  document.title = `${title} · Acme Tea`
}

/** The channel has nothing live: its between-campaigns message. */
const showBetween = (message) => {
  showHeading(message?.title || embedText.nothingLive, message?.body ?? "")
  const image = part(".cg-between-image")
  const href = safeUrl(message?.imageUrl)
  if (href !== null) {
    image.src = href
    image.hidden = false
  }
  setState("between")
}

const play = async () => {
  for (const link of document.querySelectorAll("nav [data-placement]")) {
    if (link.dataset.placement === placement) link.setAttribute("aria-current", "page")
  }
  part(".cg-again").href = `/?placement=${encodeURIComponent(placement)}`
  part(".cg-again").textContent = embedText.playAgain

  const minted = await post("/demo/token", { placement })
  if (minted.status === 200 && minted.body.clientToken === null) return showBetween(minted.body.betweenCampaigns)
  if (minted.status !== 201) return fail(minted)
  const token = minted.body.clientToken

  const started = await post("/v1/play/sessions", undefined, token)
  if (started.status !== 201) return fail(started)
  const { session, game } = started.body
  const run = games[game.slug]
  if (run === undefined) return fail(null, embedText.unsupported)

  applyTheme(root, game.theme)
  const label = wording(game.slug, game.labels)
  const count = game.slug === "quiz" ? game.config.questions.length : undefined
  showHeading(label("title", { count }), label("intro", { count }))
  root.dataset.game = game.slug
  setState("playing")

  run({
    config: game.config,
    label,
    text: embedText,
    stage: part(".cg-stage"),
    reducedMotion,
    status,
    /** Finishes the play: the finish answer `{ entry, outcome, reward }`, or null (the error is shown). */
    finish: async (body) => {
      const finished = await post(`/v1/play/sessions/${encodeURIComponent(session.id)}/finish`, body, token)
      if (finished.status === 200) return finished.body
      fail(finished)
      return null
    },
    /** The play's result, and its reward page when the play earned one. */
    showResult: ({ title, body, outcomeText, reward }) => {
      status("")
      part(".cg-result-title").textContent = title
      part(".cg-result-body").textContent = body
      if (reward !== null && reward !== undefined) {
        renderRewardPage(part(".cg-reward"), reward, { outcomeText, theme: game.theme, reducedMotion, status })
      }
      part(".cg-result").hidden = false
      setState("result")
      part(".cg-result-title").focus()
    }
  })
}

play().catch((error) => {
  console.error(error)
  fail(null)
})
