/**
 * The embed's wording: each game's label keys (`labelKeys` of GET /v1/games) with the embed's own
 * default text, overridden by the campaign's effective labels (the start answer's `game.labels`).
 * A label may hold placeholders the embed fills: `{outcome}` (the wheel's slice), `{score}`,
 * `{number}` and `{count}` (the quiz), `{option}` (the prediction chosen), `{seconds}` and `{moves}`
 * (the memory match).
 */

const defaults = {
  "spin-the-wheel": {
    title: "Spin the wheel",
    intro: "Spin once and see where it stops.",
    spinButton: "Spin",
    spinning: "Spinning…",
    winTitle: "You won!",
    winBody: "The wheel stopped on {outcome}.",
    loseTitle: "Not this time",
    loseBody: "The wheel stopped on {outcome}."
  },
  quiz: {
    title: "Quiz",
    intro: "{count} questions.",
    startButton: "Start",
    questionCounter: "Question {number} of {count}",
    nextButton: "Next",
    submitButton: "Finish",
    scoreTitle: "Your score",
    scoreBody: "You scored {score}."
  },
  prediction: {
    title: "Make your prediction",
    intro: "",
    choosePrompt: "Choose one answer.",
    submitButton: "Submit",
    confirmTitle: "Prediction saved",
    confirmBody: "You predicted {option}."
  },
  "memory-match": {
    title: "Memory match",
    intro: "Find every pair before the time runs out.",
    startButton: "Start",
    timeLeft: "{seconds} s left",
    movesCounter: "{moves} cards turned",
    winTitle: "All pairs found!",
    timeUpTitle: "Time is up",
    scoreBody: "You scored {score} ({moves} cards turned)."
  }
}

/** The embed's own words, outside any game's label keys. */
export const embedText = {
  loading: "Loading the game…",
  nothingLive: "Nothing to play right now",
  copy: "Copy code",
  copied: "Copied",
  copyFailed: "Select the code and copy it",
  validUntil: "Valid until {date}",
  playAgain: "Play again",
  chooseOne: "Choose an answer first.",
  failed: "Something went wrong. Please try again.",
  unsupported: "This game cannot be played on this page."
}

/** Fills `{name}` placeholders of `template` from `values` (unknown ones are left as written). */
export const format = (template, values = {}) =>
  template.replace(/\{(\w+)\}/gu, (whole, name) => (name in values ? String(values[name]) : whole))

/** The wording of game `slug`: its defaults with the campaign's `labels` on top; `label(key, values)`. */
export const wording = (slug, labels) => {
  const words = { ...defaults[slug], ...labels }
  return (key, values) => format(words[key] ?? "", values)
}
