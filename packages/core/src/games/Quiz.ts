/**
 * Quiz: 1 to 50 questions of 2 to 6 options each, one of them correct. The player sends an answer
 * per question and the server scores the play: the sum of the points (default 1) of the questions
 * answered correctly. Draws default to the highest scores.
 *
 * Config: `questions` (ids unique; option ids unique within a question; `correctOptionId` one of the
 * question's options). Complete when `questions` is set. Finish body: `{ answers: [{ questionId,
 * optionId }] }`, each question at most once. The embed never sees correct answers or points.
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import type { Detail, InvalidFields } from "../Failure.ts"
import type { GameError } from "./GameErrors.ts"
import { Text } from "../Fields.ts"
import * as Game from "./Game.ts"
import { invalid } from "../Validation.ts"

export const slug = "quiz"

export const QuestionOption = Schema.Struct({
  id: Game.Id,
  text: Text(1, 200)
})
export type QuestionOption = typeof QuestionOption.Type

/** One question; `points` (default 1) are earned by answering it correctly. */
export const Question = Schema.Struct({
  id: Game.Id,
  text: Text(1, 300),
  options: Game.UniqueIdList(QuestionOption, 2, 6),
  correctOptionId: Game.Id,
  points: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 1000 })))
}).check(
  Schema.makeFilter(
    (q) =>
      q.options.some((o) => o.id === q.correctOptionId) || {
        path: ["correctOptionId"],
        issue: "Expected the id of one of the question's options"
      },
    { expected: "a correctOptionId naming one of the options" }
  )
)
export type Question = typeof Question.Type

export const Questions = Game.UniqueIdList(Question, 1, 50)

/** The quiz's config as sent; every key optional until activation. */
export const Config = Schema.Struct({
  questions: Schema.optionalKey(Questions)
})
export type Config = typeof Config.Type

export const Answer = Schema.Struct({
  questionId: Game.Id,
  optionId: Game.Id
})
export type Answer = typeof Answer.Type

/** The finish body: one answer per question answered (at most 50, no question twice). */
export const FinishBody = Schema.Struct({
  answers: Schema.Array(Answer).check(
    Schema.isMaxLength(50),
    Schema.makeFilter<ReadonlyArray<Answer>>(
      (answers) => {
        const seen = new Set<string>()
        const issues: Array<Schema.FilterIssue> = []
        answers.forEach((a, i) => {
          if (seen.has(a.questionId)) issues.push({ path: [i, "questionId"], issue: "Question answered twice" })
          seen.add(a.questionId)
        })
        return issues
      },
      { expected: "at most one answer per question" }
    )
  )
})
export type FinishBody = typeof FinishBody.Type

export const labelKeys = [
  "title",
  "intro",
  "startButton",
  "questionCounter",
  "nextButton",
  "submitButton",
  "scoreTitle",
  "scoreBody"
] as const

/**
 * The score of a set of answers: the points of every correctly answered question. An answer naming
 * a question or option the quiz does not have fails at its path (`answers.1.questionId`).
 */
export const score = (
  questions: ReadonlyArray<Question>,
  answers: ReadonlyArray<Answer>
): Result.Result<number, InvalidFields> => {
  const byId = new Map(questions.map((q) => [q.id, q]))
  const details: Array<Detail> = []
  const counted = new Set<string>()
  let total = 0
  answers.forEach((answer, i) => {
    const question = byId.get(answer.questionId)
    if (question === undefined) {
      details.push({ path: `answers.${i}.questionId`, message: "is not a question of this quiz" })
      return
    }
    if (!question.options.some((o) => o.id === answer.optionId)) {
      details.push({ path: `answers.${i}.optionId`, message: "is not an option of this question" })
      return
    }
    if (counted.has(question.id)) return
    counted.add(question.id)
    if (answer.optionId === question.correctOptionId) total += question.points ?? 1
  })
  return details.length > 0 ? Result.fail(invalid(details)) : Result.succeed(total)
}

const complete = (config: Config) => Game.missingKeys(config, ["questions"])

const finish = (config: Config, body: FinishBody): Result.Result<Game.Finished, InvalidFields | GameError> =>
  config.questions === undefined
    ? Result.fail(Game.incomplete(complete(config)))
    : Result.map(score(config.questions, body.answers), (points) => ({
        score: points,
        outcome: null,
        predictionValue: null
      }))

export const definition: Game.Definition<Config, FinishBody> = {
  slug,
  name: "Quiz",
  description: "1 to 50 multiple-choice questions; the server scores the answers, highest scores win.",
  result: "score",
  defaultWinnerAlgorithm: "score_highest",
  labelKeys,
  configSchema: Config,
  finishSchema: FinishBody,
  playerView: (config) => ({
    questions: (config.questions ?? []).map((q) => ({
      id: q.id,
      text: q.text,
      options: q.options.map((o) => ({ id: o.id, text: o.text }))
    }))
  }),
  complete,
  finish
}

export const game: Game.Game = Game.make(definition)
