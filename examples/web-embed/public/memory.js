/* global document, window */
/**
 * Memory Match, scored by the server: the start's `game.board` is the cards face down; each card the
 * player turns is `play.flip(position)` (`POST …/flips`), which answers its face, the pairs matched
 * and the flips made. Cards turn in pairs: two that match stay up, two that do not turn back down.
 * When every pair is matched, or the time is up, `play.finish({})` and the server's score shows.
 * The page never knows a face before the server reveals it. A campaign with `scoring: client` has no
 * board: this page does not play those (it would have to invent a score).
 */
import { button } from "./quiz.js"

/** The symbol drawn for a face (a face is a number from 0 to pairs − 1). */
const symbols = ["🍵", "🫖", "🍋", "🌿", "🍯", "🥛", "🍪", "🌸", "🍑", "🫐", "🍓", "🍒", "🥭", "🍍", "🥥", "🍐"]
const symbolOf = (face) => symbols[face % symbols.length] + (face >= symbols.length ? String(face) : "")

/** Renders the board into `play.stage`; flips through `play.flip`, finishes through `play.finish({})`. */
export const playMemory = (play) => {
  const { board, config, label, stage } = play
  const limitMs = config.timeLimitSeconds * 1000
  const startedAt = Date.now()
  const grid = document.createElement("div")
  grid.className = "cg-memory"
  grid.setAttribute("role", "grid")
  const counter = document.createElement("p")
  counter.className = "cg-memory-moves"
  const timer = document.createElement("p")
  timer.className = "cg-memory-time"
  timer.setAttribute("aria-live", "off")
  stage.append(timer, counter, grid)

  let firstUp = null
  let busy = false
  let done = false
  let flips = 0
  const showMoves = () => {
    counter.textContent = label("movesCounter", { moves: flips })
  }
  const cards = board.cards.map(({ position }) => {
    const card = button("button", "")
    card.className = "cg-memory-card"
    card.dataset.position = String(position)
    card.setAttribute("aria-label", `Card ${position + 1}, face down`)
    card.addEventListener("click", () => turn(position))
    grid.append(card)
    return card
  })
  const show = (position, face) => {
    const card = cards[position]
    card.dataset.face = String(face)
    card.textContent = symbolOf(face)
    card.setAttribute("aria-label", `Card ${position + 1}: ${symbolOf(face)}`)
  }
  const hide = (position) => {
    const card = cards[position]
    delete card.dataset.face
    card.textContent = ""
    card.setAttribute("aria-label", `Card ${position + 1}, face down`)
  }

  const finish = async (timeUp) => {
    if (done) return
    done = true
    window.clearInterval(ticking)
    for (const card of cards) card.disabled = true
    const finished = await play.finish({})
    if (finished === null) return
    const score = finished.entry.score
    stage.replaceChildren()
    play.showResult({
      title: label(timeUp ? "timeUpTitle" : "winTitle"),
      body: label("scoreBody", { score, moves: flips }),
      outcomeText: String(score),
      reward: finished.reward
    })
  }

  const turn = async (position) => {
    if (busy || done || cards[position].dataset.matched === "true" || position === firstUp) return
    busy = true
    const revealed = await play.flip(position)
    busy = false
    if (revealed === null) return
    flips = revealed.flips
    showMoves()
    show(position, revealed.face)
    if (firstUp === null) {
      firstUp = position
      return
    }
    const other = firstUp
    firstUp = null
    if (cards[other].dataset.face === String(revealed.face)) {
      for (const p of [other, position]) {
        cards[p].dataset.matched = "true"
        cards[p].disabled = true
      }
      if (revealed.matchedPairs === board.cards.length / 2) await finish(false)
      return
    }
    // Both cards stay up a moment so the player sees them (no animation: reduced motion changes nothing).
    busy = true
    window.setTimeout(() => {
      hide(other)
      hide(position)
      busy = false
    }, 700)
  }

  const tick = () => {
    const left = Math.max(0, Math.ceil((limitMs - (Date.now() - startedAt)) / 1000))
    timer.textContent = label("timeLeft", { seconds: left })
    if (left === 0) void finish(true)
  }
  const ticking = window.setInterval(tick, 1000)
  tick()
  showMoves()
  cards[0]?.focus()
}
