import { assert, describe, it } from "@effect/vitest"
import { Effect, Random, Result } from "effect"
import type { Game } from "../src/games/Game.ts"
import * as Games from "../src/games/Games.ts"
import * as MemoryMatch from "../src/games/MemoryMatch.ts"
import * as Prediction from "../src/games/Prediction.ts"
import * as Quiz from "../src/games/Quiz.ts"
import * as SpinTheWheel from "../src/games/SpinTheWheel.ts"
import * as Validation from "../src/Validation.ts"

// -----------------------------------------------------------------------------
// Fixtures
// -----------------------------------------------------------------------------

const chars = (n: number, c = "a") => c.repeat(n)

const segment = (i: number, extra: object = {}) => ({
  id: `s${i}`,
  label: `Segment ${i}`,
  isWin: i % 2 === 0,
  ...extra
})
const segments = (n: number) => Array.from({ length: n }, (_, i) => segment(i))

const option = (i: number) => ({ id: `o${i}`, text: `Option ${i}` })
const question = (i: number, extra: object = {}) => ({
  id: `q${i}`,
  text: `Question ${i}?`,
  options: [option(0), option(1), option(2)],
  correctOptionId: "o1",
  ...extra
})
const questions = (n: number) => Array.from({ length: n }, (_, i) => question(i))

/** The wheel's five files that activation needs besides its segments. */
const wheelFiles = [
  "config.art.background",
  "config.art.pointer",
  "config.sounds.spin",
  "config.sounds.win",
  "config.sounds.lose"
]

const predictionOption = (i: number) => ({ id: `p${i}`, label: `Team ${i}` })
const predictionOptions = (n: number) => Array.from({ length: n }, (_, i) => predictionOption(i))

const fullConfigs: Record<string, Record<string, unknown>> = {
  "spin-the-wheel": {
    segments: [
      { id: "win", label: "10% off", isWin: true, weight: 1 },
      { id: "lose", label: "Try again", isWin: false, weight: 3 }
    ],
    art: { background: "https://cdn.example.com/wheel.png", pointer: "https://cdn.example.com/pointer.svg" },
    sounds: {
      spin: "https://cdn.example.com/spin.mp3",
      win: "https://cdn.example.com/win.ogg",
      lose: "https://cdn.example.com/lose.wav"
    }
  },
  quiz: { questions: [question(0, { points: 2 }), question(1)] },
  prediction: { question: "Who wins the final?", options: predictionOptions(3) },
  "memory-match": { pairs: 8, timeLimitSeconds: 60, maxScore: 1000 }
}

/** The full wheel without the key at `path` (`config.art.pointer`). */
const wheelWithout = (path: string): Record<string, unknown> => {
  const [, group, key] = path.split(".") as [string, string, string]
  const { [key]: _dropped, ...rest } = fullConfigs[W]![group] as Record<string, unknown>
  return { ...fullConfigs[W], [group]: rest }
}

const game = (slug: string): Game => {
  const found = Games.bySlug(slug)
  assert.isDefined(found)
  return found!
}

/** The paths of the details a config fails with, or `[]` when it is accepted. */
const configErrors = (slug: string, config: unknown) =>
  Validation.decode(game(slug).configSchema, { prefix: "config" })(config).pipe(
    Effect.match({ onSuccess: () => [] as Array<string>, onFailure: (e) => (e.details ?? []).map((d) => d.path) })
  )

const finishErrors = (slug: string, config: unknown, body: unknown, random = 0) => {
  const result = game(slug).finish(config, body, random)
  return Result.isFailure(result) ? (result.failure.details ?? []).map((d) => d.path) : []
}

// -----------------------------------------------------------------------------
// Catalogue
// -----------------------------------------------------------------------------

describe("Games catalogue", () => {
  it("lists the four games of the design with their result kind and default algorithm", () => {
    assert.deepStrictEqual(
      Games.all.map((g) => [g.slug, g.result, g.defaultWinnerAlgorithm]),
      [
        ["spin-the-wheel", "outcome", "random_uniform"],
        ["quiz", "score", "score_highest"],
        ["prediction", "prediction", "random_uniform"],
        ["memory-match", "score", "score_highest"]
      ]
    )
  })

  it("finds games by slug and nothing for an unknown slug", () => {
    assert.strictEqual(Games.bySlug("quiz"), Quiz.game)
    assert.isUndefined(Games.bySlug("tetris"))
  })

  it("gives each game 4 to 10 distinct label keys, and branding every key of every game", () => {
    for (const g of Games.all) {
      assert.isAtLeast(g.labelKeys.length, 4, g.slug)
      assert.isAtMost(g.labelKeys.length, 10, g.slug)
      assert.strictEqual(new Set(g.labelKeys).size, g.labelKeys.length, g.slug)
      for (const key of g.labelKeys) assert.include(Games.allLabelKeys, key)
    }
    assert.include(Games.allLabelKeys, "spinButton")
    assert.include(Games.allLabelKeys, "timeUpTitle")
  })

  it("serves a catalogue entry with exactly the fields of GET /v1/games", () => {
    const entry = Games.catalogueEntry(SpinTheWheel.game)
    assert.deepStrictEqual(Object.keys(entry).sort(), [
      "configSchema",
      "defaultWinnerAlgorithm",
      "description",
      "labelKeys",
      "name",
      "result",
      "slug"
    ])
    assert.strictEqual(entry.name, "Spin the Wheel")
    assert.strictEqual(entry.configSchema, SpinTheWheel.game.configJsonSchema)
    assert.deepStrictEqual(
      Games.catalogue().map((e) => e.slug),
      Games.all.map((g) => g.slug)
    )
  })
})

// -----------------------------------------------------------------------------
// Config bounds, both sides
// -----------------------------------------------------------------------------

interface ConfigCase {
  readonly slug: string
  readonly name: string
  readonly config: unknown
  readonly paths: ReadonlyArray<string>
}

const ok = (slug: string, name: string, config: unknown): ConfigCase => ({ slug, name, config, paths: [] })
const bad = (slug: string, name: string, config: unknown, ...paths: Array<string>): ConfigCase => ({
  slug,
  name,
  config,
  paths
})

const W = "spin-the-wheel"
const Q = "quiz"
const P = "prediction"
const M = "memory-match"

const configCases: ReadonlyArray<ConfigCase> = [
  // Spin the Wheel
  ok(W, "an empty (partial) config", {}),
  ok(W, "2 segments", { segments: segments(2) }),
  ok(W, "24 segments", { segments: segments(24) }),
  bad(W, "1 segment", { segments: segments(1) }, "config.segments"),
  bad(W, "25 segments", { segments: segments(25) }, "config.segments"),
  ok(W, "a 64-character id and 60-character label", {
    segments: [segment(0, { id: chars(64), label: chars(60) }), segment(1)]
  }),
  bad(W, "an empty id", { segments: [segment(0, { id: "" }), segment(1)] }, "config.segments.0.id"),
  bad(W, "a 65-character id", { segments: [segment(0), segment(1, { id: chars(65) })] }, "config.segments.1.id"),
  bad(W, "an empty label", { segments: [segment(0, { label: "" }), segment(1)] }, "config.segments.0.label"),
  bad(
    W,
    "a 61-character label",
    { segments: [segment(0, { label: chars(61) }), segment(1)] },
    "config.segments.0.label"
  ),
  bad(W, "a segment without isWin", { segments: [{ id: "a", label: "A" }, segment(1)] }, "config.segments.0.isWin"),
  ok(W, "weights just above 0 and at 1000000", {
    segments: [segment(0, { weight: 0.001 }), segment(1, { weight: 1_000_000 })]
  }),
  bad(W, "a weight of 0", { segments: [segment(0, { weight: 0 }), segment(1)] }, "config.segments.0.weight"),
  bad(W, "a negative weight", { segments: [segment(0), segment(1, { weight: -1 })] }, "config.segments.1.weight"),
  bad(
    W,
    "a weight over 1000000",
    { segments: [segment(0, { weight: 1_000_001 }), segment(1)] },
    "config.segments.0.weight"
  ),
  bad(
    W,
    "repeated segment ids",
    { segments: [segment(0), segment(1), segment(0), segment(1)] },
    "config.segments.2.id",
    "config.segments.3.id"
  ),
  ok(W, "art and sounds as https or media-library URLs", {
    art: { background: "https://cdn.example.com/bg.png", pointer: "http://127.0.0.1:8080/files/ast_1" },
    sounds: {
      spin: "https://cdn.example.com/spin.mp3",
      win: "https://x.example/w.wav",
      lose: "https://x.example/l.ogg"
    }
  }),
  bad(W, "art that is not a URL", { art: { background: "wheel.png" } }, "config.art.background"),
  bad(
    W,
    "art over 2048 characters",
    { art: { pointer: `https://x.example/${chars(2040)}.png` } },
    "config.art.pointer"
  ),
  bad(W, "a sound on another scheme", { sounds: { win: "ftp://x.example/win.mp3" } }, "config.sounds.win"),
  bad(W, "segments that are not a list", { segments: "many" }, "config.segments"),
  // Quiz
  ok(Q, "an empty (partial) config", {}),
  ok(Q, "1 question", { questions: questions(1) }),
  ok(Q, "50 questions", { questions: questions(50) }),
  bad(Q, "no questions", { questions: [] }, "config.questions"),
  bad(Q, "51 questions", { questions: questions(51) }, "config.questions"),
  ok(Q, "2 and 6 options", {
    questions: [
      question(0, { options: [option(0), option(1)] }),
      question(1, { options: [0, 1, 2, 3, 4, 5].map(option) })
    ]
  }),
  bad(Q, "1 option", { questions: [question(0, { options: [option(1)] })] }, "config.questions.0.options"),
  bad(
    Q,
    "7 options",
    { questions: [question(0, { options: [0, 1, 2, 3, 4, 5, 6].map(option) })] },
    "config.questions.0.options"
  ),
  ok(Q, "a 300-character question and 200-character option", {
    questions: [question(0, { text: chars(300), options: [{ id: "o1", text: chars(200) }, option(2)] })]
  }),
  bad(Q, "an empty question text", { questions: [question(0, { text: "" })] }, "config.questions.0.text"),
  bad(Q, "a 301-character question", { questions: [question(0, { text: chars(301) })] }, "config.questions.0.text"),
  bad(
    Q,
    "a 201-character option",
    { questions: [question(0, { options: [option(0), { id: "o1", text: chars(201) }] })] },
    "config.questions.0.options.1.text"
  ),
  bad(
    Q,
    "a correct option that is not an option",
    { questions: [question(0), question(1, { correctOptionId: "o9" })] },
    "config.questions.1.correctOptionId"
  ),
  bad(
    Q,
    "a question without a correct option",
    { questions: [{ ...question(0), correctOptionId: undefined }] },
    "config.questions.0.correctOptionId"
  ),
  ok(Q, "points 0 and 1000", { questions: [question(0, { points: 0 }), question(1, { points: 1000 })] }),
  bad(Q, "negative points", { questions: [question(0, { points: -1 })] }, "config.questions.0.points"),
  bad(Q, "points over 1000", { questions: [question(0, { points: 1001 })] }, "config.questions.0.points"),
  bad(Q, "fractional points", { questions: [question(0, { points: 1.5 })] }, "config.questions.0.points"),
  bad(Q, "repeated question ids", { questions: [question(0), question(1), question(1)] }, "config.questions.2.id"),
  bad(
    Q,
    "repeated option ids",
    { questions: [question(0, { options: [option(0), option(1), option(1)] })] },
    "config.questions.0.options.2.id"
  ),
  // Prediction
  ok(P, "an empty (partial) config", {}),
  ok(P, "2 options and a 300-character question", { question: chars(300), options: predictionOptions(2) }),
  ok(P, "20 options", { options: predictionOptions(20) }),
  bad(P, "1 option", { options: predictionOptions(1) }, "config.options"),
  bad(P, "21 options", { options: predictionOptions(21) }, "config.options"),
  bad(P, "an empty question", { question: "" }, "config.question"),
  bad(P, "a 301-character question", { question: chars(301) }, "config.question"),
  ok(P, "a 120-character label", { options: [{ id: "a", label: chars(120) }, predictionOption(1)] }),
  bad(
    P,
    "a 121-character label",
    { options: [{ id: "a", label: chars(121) }, predictionOption(1)] },
    "config.options.0.label"
  ),
  bad(P, "an empty label", { options: [predictionOption(0), { id: "b", label: "" }] }, "config.options.1.label"),
  bad(P, "a 65-character id", { options: [predictionOption(0), { id: chars(65), label: "B" }] }, "config.options.1.id"),
  bad(
    P,
    "repeated option ids",
    { options: [predictionOption(0), predictionOption(1), predictionOption(0)] },
    "config.options.2.id"
  ),
  // Memory Match
  ok(M, "an empty (partial) config", {}),
  ok(M, "the lowest bounds", { pairs: 4, timeLimitSeconds: 10, maxScore: 1 }),
  ok(M, "the highest bounds", { pairs: 32, timeLimitSeconds: 600, maxScore: 1_000_000 }),
  bad(M, "3 pairs", { pairs: 3 }, "config.pairs"),
  bad(M, "33 pairs", { pairs: 33 }, "config.pairs"),
  bad(M, "fractional pairs", { pairs: 4.5 }, "config.pairs"),
  bad(M, "9 seconds", { timeLimitSeconds: 9 }, "config.timeLimitSeconds"),
  bad(M, "601 seconds", { timeLimitSeconds: 601 }, "config.timeLimitSeconds"),
  bad(M, "a max score of 0", { maxScore: 0 }, "config.maxScore"),
  bad(M, "a max score over 1000000", { maxScore: 1_000_001 }, "config.maxScore"),
  bad(
    M,
    "every key wrong at once",
    { pairs: 0, timeLimitSeconds: 0, maxScore: 0 },
    "config.pairs",
    "config.timeLimitSeconds",
    "config.maxScore"
  ),
  bad(M, "a score given as text", { maxScore: "100" }, "config.maxScore")
]

describe("Game configs", () => {
  it.effect.each(configCases)("$slug: $name", ({ slug, config, paths }) =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* configErrors(slug, config), paths)
    })
  )

  it.effect("accepts the full config of every game", () =>
    Effect.gen(function* () {
      for (const g of Games.all) assert.deepStrictEqual(yield* configErrors(g.slug, fullConfigs[g.slug]), [], g.slug)
    })
  )

  it.effect("keeps default weights and points absent rather than inventing them", () =>
    Effect.gen(function* () {
      const decoded = yield* Validation.decode(Quiz.Config)({ questions: [question(0)] })
      assert.isUndefined(decoded.questions?.[0]?.points)
    })
  )
})

// -----------------------------------------------------------------------------
// Completeness for activation
// -----------------------------------------------------------------------------

describe("Completeness", () => {
  const cases = [
    { slug: W, config: {}, missing: ["config.segments", ...wheelFiles] },
    {
      slug: W,
      config: { art: { background: "https://x.example/a.png" } },
      missing: ["config.segments", ...wheelFiles.filter((path) => path !== "config.art.background")]
    },
    { slug: W, config: { segments: segments(2) }, missing: wheelFiles },
    { slug: W, config: { segments: segments(2), art: {}, sounds: {} }, missing: wheelFiles },
    // One detail per missing key, each named by its full path.
    ...wheelFiles.map((path) => ({ slug: W, config: wheelWithout(path), missing: [path] })),
    { slug: Q, config: {}, missing: ["config.questions"] },
    { slug: P, config: {}, missing: ["config.question", "config.options"] },
    { slug: P, config: { question: "Who?" }, missing: ["config.options"] },
    { slug: M, config: {}, missing: ["config.pairs", "config.timeLimitSeconds", "config.maxScore"] },
    { slug: M, config: { pairs: 8, maxScore: 10 }, missing: ["config.timeLimitSeconds"] }
  ]

  it.effect.each(cases)("$slug: $missing missing", ({ slug, config, missing }) =>
    Effect.sync(() => {
      const details = game(slug).complete(config)
      assert.deepStrictEqual(
        details.map((d) => d.path),
        missing
      )
      for (const d of details) assert.strictEqual(d.message, "is required to activate the campaign")
    })
  )

  it("finds every full config complete", () => {
    for (const g of Games.all) assert.deepStrictEqual(g.complete(fullConfigs[g.slug]), [], g.slug)
  })

  it("reports what is wrong in a stored config that no longer decodes", () => {
    const details = SpinTheWheel.game.complete({ segments: segments(1) })
    assert.deepStrictEqual(
      details.map((d) => d.path),
      ["config.segments"]
    )
  })
})

// -----------------------------------------------------------------------------
// What the embed sees
// -----------------------------------------------------------------------------

describe("Player views", () => {
  it("shows the wheel's segment ids and labels, and its art and sounds, but no weights or win flags", () => {
    const view = SpinTheWheel.game.playerView(fullConfigs[W])
    assert.deepStrictEqual(view, {
      segments: [
        { id: "win", label: "10% off" },
        { id: "lose", label: "Try again" }
      ],
      art: fullConfigs[W]!.art,
      sounds: fullConfigs[W]!.sounds
    })
    const json = JSON.stringify(view)
    assert.notInclude(json, "weight")
    assert.notInclude(json, "isWin")
  })

  it("shows the quiz's questions and options, never the correct answers or points", () => {
    const view = Quiz.game.playerView(fullConfigs[Q])
    assert.deepStrictEqual(view, {
      questions: [0, 1].map((i) => ({
        id: `q${i}`,
        text: `Question ${i}?`,
        options: [option(0), option(1), option(2)]
      }))
    })
    const json = JSON.stringify(view)
    assert.notInclude(json, "correctOptionId")
    assert.notInclude(json, "points")
  })

  it("shows the prediction's question and options", () => {
    assert.deepStrictEqual(Prediction.game.playerView(fullConfigs[P]), {
      question: "Who wins the final?",
      options: predictionOptions(3)
    })
  })

  it("shows the memory match's pairs, time limit and max score, and who scores (the server by default)", () => {
    assert.deepStrictEqual(MemoryMatch.game.playerView({ ...fullConfigs[M], extra: "dropped" }), {
      pairs: 8,
      timeLimitSeconds: 60,
      maxScore: 1000,
      scoring: "server"
    })
    assert.strictEqual(MemoryMatch.game.playerView({ ...fullConfigs[M], scoring: "client" }).scoring, "client")
  })

  it("shows nothing of a config that does not decode", () => {
    assert.deepStrictEqual(Quiz.game.playerView({ questions: "nope" }), {})
  })
})

// -----------------------------------------------------------------------------
// Finishing a play
// -----------------------------------------------------------------------------

describe("Finishing Spin the Wheel", () => {
  const config = {
    segments: [
      { id: "a", label: "A", isWin: true, weight: 1 },
      { id: "b", label: "B", isWin: false, weight: 2 },
      { id: "c", label: "C", isWin: false, weight: 7 }
    ]
  }

  it.effect.each([
    { random: 0, id: "a" },
    { random: 0.0999, id: "a" },
    { random: 0.1, id: "b" },
    { random: 0.2999, id: "b" },
    { random: 0.3, id: "c" },
    { random: 0.999999, id: "c" }
  ])("random $random lands on $id", ({ random, id }) =>
    Effect.sync(() => {
      const result = SpinTheWheel.game.finish(config, {}, random)
      assert.isTrue(Result.isSuccess(result))
      const finished = Result.getOrThrow(result)
      const segment = config.segments.find((s) => s.id === id)!
      assert.deepStrictEqual(finished, {
        score: null,
        outcome: { id, label: segment.label, isWin: segment.isWin },
        predictionValue: null
      })
    })
  )

  it("scores from a config it decoded before as from the raw config, and another game decodes it anew", () => {
    const even = { segments: segments(4) }
    const decoded = SpinTheWheel.game.decodeConfig(even)
    for (const r of [0, 0.26, 0.51, 0.76]) {
      assert.deepStrictEqual(SpinTheWheel.game.finish(decoded, {}, r), SpinTheWheel.game.finish(even, {}, r))
    }
    assert.deepStrictEqual(SpinTheWheel.game.playerView(decoded), SpinTheWheel.game.playerView(even))
    // The quiz does not take the wheel's decoding: it decodes what it is given, and refuses it.
    assert.isTrue(Result.isFailure(Quiz.game.finish(decoded, { answers: [] }, 0)))
  })

  it("gives every segment weight 1 when none is set", () => {
    const even = { segments: segments(4) }
    const ids = [0, 0.26, 0.51, 0.76].map((r) => Result.getOrThrow(SpinTheWheel.game.finish(even, {}, r)).outcome?.id)
    assert.deepStrictEqual(ids, ["s0", "s1", "s2", "s3"])
  })

  it.effect("lands on segments about as often as their weights say over many seeded spins", () =>
    Effect.gen(function* () {
      const counts: Record<string, number> = { a: 0, b: 0, c: 0 }
      const spins = 20_000
      for (let i = 0; i < spins; i++) {
        const random = yield* Random.next
        const outcome = Result.getOrThrow(SpinTheWheel.game.finish(config, {}, random)).outcome!
        counts[outcome.id]! += 1
      }
      assert.approximately(counts.a! / spins, 0.1, 0.015)
      assert.approximately(counts.b! / spins, 0.2, 0.015)
      assert.approximately(counts.c! / spins, 0.7, 0.015)
    }).pipe(Random.withSeed("wheel-distribution"))
  )

  it("refuses extra keys in the finish body by name, and a body that is not an object", () => {
    assert.isTrue(Result.isSuccess(SpinTheWheel.game.finish(config, {}, 0.5)))
    assert.deepStrictEqual(finishErrors(W, config, { cheat: "a" }), ["cheat"])
    assert.deepStrictEqual(finishErrors(W, config, null), ["body"])
  })

  it("refuses to finish on a config without segments, naming what is missing", () => {
    assert.deepStrictEqual(finishErrors(W, {}, {}), ["config.segments"])
    // Art and sounds are the embed's: their absence is not the finish's to report.
    assert.deepStrictEqual(finishErrors(W, { art: fullConfigs[W]!.art }, {}), ["config.segments"])
  })

  it("finishes on segments alone: activation asks for the art and sounds, the spin does not", () => {
    assert.isNotEmpty(SpinTheWheel.game.complete(config))
    assert.isTrue(Result.isSuccess(SpinTheWheel.game.finish(config, {}, 0.5)))
  })

  it("names the segment ids a reward may match", () => {
    assert.deepStrictEqual(SpinTheWheel.game.outcomeIds(fullConfigs[W]), ["win", "lose"])
    for (const slug of [Q, P, M]) assert.deepStrictEqual(game(slug).outcomeIds(fullConfigs[slug]), [], slug)
  })
})

describe("Finishing a quiz", () => {
  const config = {
    questions: [
      question(0, { points: 3 }),
      question(1),
      question(2, { correctOptionId: "o2", points: 5 }),
      question(3, { points: 0 })
    ]
  }
  const score = (answers: ReadonlyArray<{ questionId: string; optionId: string }>) =>
    Result.getOrThrow(Quiz.game.finish(config, { answers }, 0)).score

  it("scores the points of the correctly answered questions", () => {
    assert.strictEqual(
      score([
        { questionId: "q0", optionId: "o1" },
        { questionId: "q1", optionId: "o0" },
        { questionId: "q2", optionId: "o2" },
        { questionId: "q3", optionId: "o1" }
      ]),
      8
    )
  })

  it("counts a question without points as 1 and unanswered questions as 0", () => {
    assert.strictEqual(score([{ questionId: "q1", optionId: "o1" }]), 1)
    assert.strictEqual(score([]), 0)
  })

  it("keeps no outcome or prediction for a quiz", () => {
    assert.deepStrictEqual(Result.getOrThrow(Quiz.game.finish(config, { answers: [] }, 0)), {
      score: 0,
      outcome: null,
      predictionValue: null
    })
  })

  it.effect.each([
    {
      name: "an unknown question",
      answers: [
        { questionId: "q0", optionId: "o1" },
        { questionId: "q9", optionId: "o1" }
      ],
      paths: ["answers.1.questionId"]
    },
    {
      name: "an option the question does not have",
      answers: [{ questionId: "q0", optionId: "o9" }],
      paths: ["answers.0.optionId"]
    },
    {
      name: "a question answered twice",
      answers: [
        { questionId: "q0", optionId: "o1" },
        { questionId: "q1", optionId: "o1" },
        { questionId: "q0", optionId: "o0" }
      ],
      paths: ["answers.2.questionId"]
    },
    {
      name: "every wrong answer at once",
      answers: [
        { questionId: "x", optionId: "o1" },
        { questionId: "q1", optionId: "x" }
      ],
      paths: ["answers.0.questionId", "answers.1.optionId"]
    },
    { name: "an answer without an option", answers: [{ questionId: "q0" }], paths: ["answers.0.optionId"] },
    {
      name: "51 answers",
      answers: Array.from({ length: 51 }, (_, i) => ({ questionId: `q${i}`, optionId: "o1" })),
      paths: ["answers"]
    }
  ])("refuses $name, naming the answer", ({ answers, paths }) =>
    Effect.sync(() => assert.deepStrictEqual(finishErrors(Q, config, { answers }), paths))
  )

  it("refuses a body without answers", () => {
    assert.deepStrictEqual(finishErrors(Q, config, {}), ["answers"])
  })
})

describe("Finishing a prediction", () => {
  const config = fullConfigs[P]

  it("records the chosen option", () => {
    assert.deepStrictEqual(Result.getOrThrow(Prediction.game.finish(config, { optionId: "p2" }, 0)), {
      score: null,
      outcome: null,
      predictionValue: { optionId: "p2" }
    })
  })

  it.effect.each([
    { name: "an unknown option", body: { optionId: "p9" }, paths: ["optionId"] },
    { name: "no option", body: {}, paths: ["optionId"] },
    { name: "an empty option id", body: { optionId: "" }, paths: ["optionId"] }
  ])("refuses $name", ({ body, paths }) =>
    Effect.sync(() => assert.deepStrictEqual(finishErrors(P, config, body), paths))
  )
})

describe("Finishing a memory match", () => {
  const config = { ...fullConfigs[M], scoring: "client" }

  it("scored by the server (the default), takes {} and refuses a score by name", () => {
    const server = fullConfigs[M]
    assert.deepStrictEqual(Result.getOrThrow(MemoryMatch.game.finish(server, {}, 0)), {
      score: null,
      outcome: null,
      predictionValue: null
    })
    assert.deepStrictEqual(finishErrors(M, server, { score: 1000 }), ["score"])
    assert.deepStrictEqual(finishErrors(M, { ...server, scoring: "server" }, { score: 0 }), ["score"])
  })

  it("scored by the client, needs a score", () => {
    assert.deepStrictEqual(finishErrors(M, config, {}), ["score"])
  })

  it.effect.each([0, 1, 999, 1000])("accepts a score of %s", (score) =>
    Effect.sync(() => {
      assert.deepStrictEqual(Result.getOrThrow(MemoryMatch.game.finish(config, { score }, 0)), {
        score,
        outcome: null,
        predictionValue: null
      })
    })
  )

  it.effect.each([
    { name: "over maxScore", score: 1001 },
    { name: "negative", score: -1 },
    { name: "fractional", score: 1.5 },
    { name: "text", score: "10" }
  ])("refuses a score that is $name", ({ score }) =>
    Effect.sync(() => assert.deepStrictEqual(finishErrors(M, config, { score }), ["score"]))
  )

  it("says what the highest score is", () => {
    const result = MemoryMatch.game.finish(config, { score: 1001 }, 0)
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) assert.strictEqual(result.failure.details?.[0]?.message, "must be at most 1000")
  })
})

// -----------------------------------------------------------------------------
// Files named in configs
// -----------------------------------------------------------------------------

describe("File fields", () => {
  it("lists the wheel's art as images and its sounds as sounds", () => {
    assert.deepStrictEqual(SpinTheWheel.game.fileFields(fullConfigs[W]), [
      { path: "config.art.background", url: "https://cdn.example.com/wheel.png", kind: "image" },
      { path: "config.art.pointer", url: "https://cdn.example.com/pointer.svg", kind: "image" },
      { path: "config.sounds.spin", url: "https://cdn.example.com/spin.mp3", kind: "sound" },
      { path: "config.sounds.win", url: "https://cdn.example.com/win.ogg", kind: "sound" },
      { path: "config.sounds.lose", url: "https://cdn.example.com/lose.wav", kind: "sound" }
    ])
  })

  it("lists no files for the other games", () => {
    for (const slug of [Q, P, M]) assert.deepStrictEqual(game(slug).fileFields(fullConfigs[slug]), [], slug)
  })

  it("lists the URLs under keys the game does not define: sounds under a key `sounds`, images elsewhere", () => {
    const config = {
      ...fullConfigs[W],
      segments: [
        { id: "win", label: "10% off", isWin: true, icon: "https://cdn.example.com/star.png" },
        { id: "lose", label: "https://not-a-file-to-the-wheel.example/label", isWin: false }
      ],
      art: { ...(fullConfigs[W]!.art as object), logo: "https://cdn.example.com/logo.svg" },
      sounds: { ...(fullConfigs[W]!.sounds as object), tick: "https://cdn.example.com/tick.mp3" },
      extra: {
        logo: "https://cdn.example.com/extra.png",
        note: "free text, not a URL",
        path: "/relative/file.png",
        other: "ftp://cdn.example.com/a.png",
        count: 3,
        list: ["https://cdn.example.com/a.gif", null],
        sounds: { fanfare: "http://127.0.0.1:8080/files/ast_1", deep: [{ clip: "https://cdn.example.com/b.mp3" }] }
      }
    }
    const defined = SpinTheWheel.game.fileFields(fullConfigs[W])
    assert.deepStrictEqual(SpinTheWheel.game.fileFields(config), [
      ...defined,
      { path: "config.segments.0.icon", url: "https://cdn.example.com/star.png", kind: "image" },
      { path: "config.art.logo", url: "https://cdn.example.com/logo.svg", kind: "image" },
      { path: "config.sounds.tick", url: "https://cdn.example.com/tick.mp3", kind: "sound" },
      { path: "config.extra.logo", url: "https://cdn.example.com/extra.png", kind: "image" },
      { path: "config.extra.list.0", url: "https://cdn.example.com/a.gif", kind: "image" },
      { path: "config.extra.sounds.fanfare", url: "http://127.0.0.1:8080/files/ast_1", kind: "sound" },
      { path: "config.extra.sounds.deep.0.clip", url: "https://cdn.example.com/b.mp3", kind: "sound" }
    ])
    // A config it decoded before gives the same files: the keys it does not define are kept there too.
    assert.deepStrictEqual(
      SpinTheWheel.game.fileFields(SpinTheWheel.game.decodeConfig(config)),
      SpinTheWheel.game.fileFields(config)
    )
  })

  it("lists the files under keys the other games do not define, and none of their own text", () => {
    const quiz = {
      questions: [
        question(0, { text: "https://cdn.example.com/question.png", image: "https://cdn.example.com/q.png" })
      ],
      sounds: { correct: "https://cdn.example.com/correct.ogg" }
    }
    assert.deepStrictEqual(Quiz.game.fileFields(quiz), [
      { path: "config.questions.0.image", url: "https://cdn.example.com/q.png", kind: "image" },
      { path: "config.sounds.correct", url: "https://cdn.example.com/correct.ogg", kind: "sound" }
    ])
  })

  it("lists no files of a config that does not decode (its schema errors come first)", () => {
    assert.deepStrictEqual(
      SpinTheWheel.game.fileFields({ segments: "many", extra: { logo: "https://cdn.example.com/x.mp3" } }),
      []
    )
  })
})

// -----------------------------------------------------------------------------
// JSON Schemas served by GET /v1/games
// -----------------------------------------------------------------------------

type Json = { readonly [key: string]: unknown }

/**
 * A tiny JSON Schema checker for the keywords our schemas use. Returns the JSON pointers of the
 * failures (empty when the value is accepted).
 */
const validate = (schema: Json, value: unknown, root: Json = schema, at = ""): Array<string> => {
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.replace("#/$defs/", "")
    return validate((root.$defs as Record<string, Json>)[name]!, value, root, at)
  }
  const fail = (keyword: string) => [`${at || "/"} ${keyword}`]
  const type = schema.type
  if (type === "object") {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return fail("type")
    const record = value as Record<string, unknown>
    const errors: Array<string> = []
    for (const key of (schema.required as Array<string> | undefined) ?? []) {
      if (!(key in record)) errors.push(`${at}/${key} required`)
    }
    const properties = (schema.properties as Record<string, Json> | undefined) ?? {}
    for (const [key, item] of Object.entries(record)) {
      const sub =
        properties[key] ?? (typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined)
      if (sub !== undefined) errors.push(...validate(sub as Json, item, root, `${at}/${key}`))
    }
    if (typeof schema.maxProperties === "number" && Object.keys(record).length > schema.maxProperties)
      errors.push(...fail("maxProperties"))
    return errors
  }
  if (type === "array") {
    if (!Array.isArray(value)) return fail("type")
    if (typeof schema.minItems === "number" && value.length < schema.minItems) return fail("minItems")
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) return fail("maxItems")
    return value.flatMap((item, i) => validate(schema.items as Json, item, root, `${at}/${i}`))
  }
  if (type === "string") {
    if (typeof value !== "string") return fail("type")
    const length = [...value].length
    if (typeof schema.minLength === "number" && length < schema.minLength) return fail("minLength")
    if (typeof schema.maxLength === "number" && length > schema.maxLength) return fail("maxLength")
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value)) return fail("pattern")
    if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return fail("enum")
    return []
  }
  if (type === "number" || type === "integer") {
    if (typeof value !== "number") return fail("type")
    if (type === "integer" && !Number.isInteger(value)) return fail("type")
    if (typeof schema.minimum === "number" && value < schema.minimum) return fail("minimum")
    if (typeof schema.maximum === "number" && value > schema.maximum) return fail("maximum")
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum) return fail("exclusiveMinimum")
    return []
  }
  if (type === "boolean") return typeof value === "boolean" ? [] : fail("type")
  return []
}

describe("Config JSON Schemas", () => {
  it("describes each config as a draft 2020-12 object with every top-level key optional", () => {
    const keys: Record<string, Array<string>> = {
      [W]: ["segments", "art", "sounds"],
      [Q]: ["questions"],
      [P]: ["question", "options"],
      [M]: ["pairs", "timeLimitSeconds", "maxScore", "scoring"]
    }
    for (const g of Games.all) {
      const schema = g.configJsonSchema
      assert.strictEqual(schema.$schema, "https://json-schema.org/draft/2020-12/schema", g.slug)
      assert.strictEqual(schema.type, "object", g.slug)
      assert.deepStrictEqual(Object.keys(schema.properties as object), keys[g.slug], g.slug)
      assert.isUndefined(schema.required, g.slug)
    }
  })

  it("carries the bounds of every list and number", () => {
    const props = (schema: Json) => schema.properties as Record<string, Json>
    const wheel = props(SpinTheWheel.game.configJsonSchema)
    assert.include(wheel.segments, { minItems: 2, maxItems: 24 })
    const seg = wheel.segments!.items as Json
    assert.deepStrictEqual(seg.required, ["id", "label", "isWin"])
    assert.include(props(seg).weight, { type: "number", exclusiveMinimum: 0 })
    assert.include(props(seg).label, { minLength: 1, maxLength: 60 })
    assert.include(props(wheel.art!).background, { maxLength: 2048, format: "uri" })

    const quiz = props(Quiz.game.configJsonSchema)
    assert.include(quiz.questions, { minItems: 1, maxItems: 50 })
    const q = quiz.questions!.items as Json
    assert.include(props(q).options, { minItems: 2, maxItems: 6 })
    assert.include(props(q).points, { type: "integer", minimum: 0, maximum: 1000 })

    const prediction = props(Prediction.game.configJsonSchema)
    assert.include(prediction.options, { minItems: 2, maxItems: 20 })
    assert.include(prediction.question, { minLength: 1, maxLength: 300 })

    const memory = props(MemoryMatch.game.configJsonSchema)
    assert.deepStrictEqual(memory.pairs, { type: "integer", minimum: 4, maximum: 32 })
    assert.deepStrictEqual(memory.timeLimitSeconds, { type: "integer", minimum: 10, maximum: 600 })
    assert.deepStrictEqual(memory.maxScore, { type: "integer", minimum: 1, maximum: 1_000_000 })
    assert.deepStrictEqual(memory.scoring, { type: "string", enum: ["server", "client"] })
  })

  it.effect("accepts every config the game accepts, and rejects configs out of bounds", () =>
    Effect.gen(function* () {
      for (const g of Games.all) assert.deepStrictEqual(validate(g.configJsonSchema, fullConfigs[g.slug]), [], g.slug)
      // The bound cases of the table: every accepted config passes the JSON Schema too.
      for (const c of configCases) {
        if (c.paths.length === 0) assert.deepStrictEqual(validate(game(c.slug).configJsonSchema, c.config), [], c.name)
      }
      // Bounds that JSON Schema can express are enforced there too.
      assert.isNotEmpty(validate(SpinTheWheel.game.configJsonSchema, { segments: segments(1) }))
      assert.isNotEmpty(validate(Quiz.game.configJsonSchema, { questions: questions(51) }))
      assert.isNotEmpty(validate(MemoryMatch.game.configJsonSchema, { pairs: 33 }))
      assert.isNotEmpty(validate(Prediction.game.configJsonSchema, { options: [{ id: "a", label: "" }] }))
    })
  )

  it("is plain JSON (survives a round trip)", () => {
    for (const g of Games.all)
      assert.deepStrictEqual(JSON.parse(JSON.stringify(g.configJsonSchema)), g.configJsonSchema)
  })
})
