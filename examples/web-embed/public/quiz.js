/* global document */
/**
 * The quiz: a start button, then one question at a time (a radio group in a fieldset, so arrows
 * choose and Enter goes on), then `finish({ answers })`; the server scores the answers and the
 * player sees their score. The page never knows the correct answers. The form's pieces are shared
 * with the prediction: `choices`, `button` and `chosenOption`.
 */

/** A radio group for one question or prediction: a fieldset, its legend, one labelled radio per option. */
export const choices = (name, legend, options, hint) => {
  const fieldset = document.createElement("fieldset")
  fieldset.className = "cg-choices"
  const title = document.createElement("legend")
  title.textContent = legend
  fieldset.append(title)
  if (hint !== undefined && hint !== "") {
    const note = document.createElement("p")
    note.className = "cg-hint"
    note.id = `${name}-hint`
    note.textContent = hint
    fieldset.setAttribute("aria-describedby", note.id)
    fieldset.append(note)
  }
  options.forEach((option, i) => {
    const label = document.createElement("label")
    label.className = "cg-choice"
    const input = document.createElement("input")
    input.type = "radio"
    input.name = name
    input.value = option.id
    input.required = i === 0
    label.append(input, document.createTextNode(` ${option.text}`))
    fieldset.append(label)
  })
  return fieldset
}

/** A button of the embed (`type` "submit" or "button") reading `text`. */
export const button = (type, text) => {
  const element = document.createElement("button")
  element.type = type
  element.className = "cg-button"
  element.textContent = text
  return element
}

/**
 * The id of the option chosen in `group` (a radio group of `choices`) of `form`, or null when none
 * is: then the player is asked to choose one and the first option gets the focus.
 */
export const chosenOption = (play, form, group) => {
  const chosen = form.querySelector("input:checked")
  if (chosen === null) {
    play.status(play.text.chooseOne)
    group.querySelector("input").focus()
    return null
  }
  play.status("")
  return chosen.value
}

/** Renders the quiz into `play.stage`; `play.finish({ answers })` once the last question is answered. */
export const playQuiz = (play) => {
  const { config, label, stage } = play
  const questions = config.questions
  const count = questions.length
  const answers = []

  const ask = (number) => {
    const question = questions[number - 1]
    const last = number === count
    const form = document.createElement("form")
    form.className = "cg-question"
    form.noValidate = true
    const counter = document.createElement("p")
    counter.className = "cg-counter"
    counter.textContent = label("questionCounter", { number, count })
    const group = choices(
      `question-${question.id}`,
      question.text,
      question.options.map((o) => ({ id: o.id, text: o.text }))
    )
    const next = button("submit", label(last ? "submitButton" : "nextButton"))
    form.append(counter, group, next)
    stage.replaceChildren(form)
    group.querySelector("input").focus()

    form.addEventListener("submit", async (event) => {
      event.preventDefault()
      const optionId = chosenOption(play, form, group)
      if (optionId === null) return
      answers.push({ questionId: question.id, optionId })
      if (!last) return ask(number + 1)
      next.disabled = true
      const finished = await play.finish({ answers })
      if (finished === null) {
        next.disabled = false
        answers.pop()
        return
      }
      const score = finished.entry.score
      stage.replaceChildren()
      play.showResult({
        title: label("scoreTitle", { score, count }),
        body: label("scoreBody", { score, count }),
        outcomeText: String(score),
        reward: finished.reward
      })
    })
  }

  const start = button("button", label("startButton"))
  start.addEventListener("click", () => ask(1))
  stage.append(start)
}
