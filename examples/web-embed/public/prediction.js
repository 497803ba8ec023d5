/* global document */
/**
 * The prediction: the question and its options as a radio group, then `finish({ optionId })`; the
 * player sees the prediction the server recorded (the entry's `predictionValue`).
 */
import { button, choices, chosenOption } from "./quiz.js"

/** Renders the prediction into `play.stage`; `play.finish({ optionId })` when submitted. */
export const playPrediction = (play) => {
  const { config, label, stage } = play
  const form = document.createElement("form")
  form.className = "cg-prediction"
  form.noValidate = true
  const group = choices(
    "prediction",
    config.question ?? label("title"),
    config.options.map((o) => ({ id: o.id, text: o.label })),
    label("choosePrompt")
  )
  const submit = button("submit", label("submitButton"))
  form.append(group, submit)
  stage.append(form)

  form.addEventListener("submit", async (event) => {
    event.preventDefault()
    const optionId = chosenOption(play, form, group)
    if (optionId === null) return
    submit.disabled = true
    const finished = await play.finish({ optionId })
    if (finished === null) {
      submit.disabled = false
      return
    }
    const recorded = finished.entry.predictionValue?.optionId
    const option = config.options.find((o) => o.id === recorded)?.label ?? recorded
    stage.replaceChildren()
    play.showResult({
      title: label("confirmTitle", { option }),
      body: label("confirmBody", { option }),
      outcomeText: option,
      reward: finished.reward
    })
  })
}
