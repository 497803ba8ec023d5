/**
 * The demo's data, set up through the API as an operator and a shop would: an account (operator
 * API), the account's branding, the site the games run on, a key that may only mint client tokens
 * (all the backend keeps), and five placements on the shop's pages, each a channel: a spin-the-wheel,
 * a quiz, a prediction and a Memory Match (scored by the server) campaign, each live with a theme of its own, and a channel with nothing
 * live that shows its between-campaigns message. The wheel and the quiz also get a reward
 * (`PUT …/reward`), the quiz's prize with its shared code (`POST …/reward-coupons`): every spin and
 * every quiz earns a coupon. A step the API refuses stops the demo with what the API said.
 *
 * @since 0.1.0
 */
import { SpinTheWheel } from "@campaign-games/core"

/** Calls the API: a Web `Request` in, its `Response` out (in process, or `fetch` to a server). */
export type Api = (request: Request) => Promise<Response>

/** The placements of the shop's pages, each one channel. */
export const placements = ["wheel", "quiz", "prediction", "memory", "next"] as const
export type Placement = (typeof placements)[number]

/** The site the games are embedded on, registered as an allowed origin (an origin must be https). */
export const SITE = "https://shop.example.com"

/** The account's branding: every campaign's look and wording start from it. */
export const branding = {
  colors: {
    bg: "#f8fafc",
    fg: "#0f172a",
    muted: "#475569",
    accent: "#1d4ed8",
    danger: "#b91c1c",
    surface: "#ffffff",
    border: "#cbd5e1"
  },
  fontFamily: "system-ui, 'Segoe UI', Roboto, sans-serif"
}

export const wheel = {
  gameSlug: "spin-the-wheel",
  name: "Spring wheel",
  config: {
    segments: [
      { id: "ten-off", label: "10% off", isWin: true },
      { id: "next-time", label: "Next time", isWin: false, weight: 2 },
      { id: "free-shipping", label: "Free shipping", isWin: true },
      { id: "so-close", label: "So close", isWin: false, weight: 2 },
      { id: "five-off", label: "5% off", isWin: true },
      { id: "gift-card", label: "Gift card", isWin: true, weight: 0.5 }
    ],
    // Activation needs the wheel's two images and three sounds. This page draws the wheel itself and
    // plays no sound; a page that uses them loads them from these addresses (judged by extension).
    ...SpinTheWheel.exampleMedia
  },
  theme: {
    colors: {
      bg: "#fff7ed",
      fg: "#431407",
      muted: "#9a3412",
      accent: "#c2410c",
      surface: "#ffedd5",
      border: "#fdba74"
    },
    fontFamily: "Georgia, 'Times New Roman', serif",
    background: { gradient: { from: "#fff7ed", to: "#fed7aa", angle: 180 } },
    labels: {
      title: "Spring wheel",
      intro: "One spin per visit: every slice but two wins something.",
      spinButton: "Spin the wheel",
      spinning: "The wheel is turning…",
      winTitle: "You won!",
      winBody: "The wheel stopped on {outcome}.",
      loseTitle: "Not this time",
      loseBody: "The wheel stopped on {outcome}. Come back tomorrow!"
    }
  }
}

/** A quiz question as the API takes it: `options` by id, in order, and the id of the right one. */
const question = (id: string, text: string, correctOptionId: string, options: Record<string, string>) => ({
  id,
  text,
  options: Object.entries(options).map(([option, label]) => ({ id: option, text: label })),
  correctOptionId
})

export const quiz = {
  gameSlug: "quiz",
  name: "Tea quiz",
  config: {
    questions: [
      question("oxidised", "Which tea is not oxidised?", "green", {
        green: "Green tea",
        black: "Black tea",
        oolong: "Oolong"
      }),
      question("temperature", "How hot should the water be for green tea?", "eighty", {
        boiling: "Boiling, 100 °C",
        eighty: "About 80 °C"
      }),
      question("origin", "Where does Darjeeling tea grow?", "india", {
        india: "India",
        china: "China",
        kenya: "Kenya",
        japan: "Japan"
      })
    ]
  },
  theme: {
    colors: {
      bg: "#ecfdf5",
      fg: "#022c22",
      muted: "#065f46",
      accent: "#047857",
      surface: "#ffffff",
      border: "#6ee7b7"
    },
    labels: {
      title: "How well do you know tea?",
      intro: "{count} questions, one point each.",
      startButton: "Start the quiz",
      questionCounter: "Question {number} of {count}",
      nextButton: "Next question",
      submitButton: "See my score",
      scoreTitle: "Your score",
      scoreBody: "You scored {score} out of {count}."
    }
  }
}

export const prediction = {
  gameSlug: "prediction",
  name: "Tea of the year",
  config: {
    question: "Which tea will our customers vote tea of the year?",
    options: [
      { id: "sencha", label: "Sencha" },
      { id: "assam", label: "Assam" },
      { id: "rooibos", label: "Rooibos" }
    ]
  },
  // No colours of its own: the account's branding gives them (the effective theme).
  theme: {
    labels: {
      title: "Tea of the year",
      intro: "Guess right and enter the draw for a year of tea.",
      choosePrompt: "Pick one tea",
      submitButton: "Save my prediction",
      confirmTitle: "Prediction saved",
      confirmBody: "You predicted {option}. The winner is announced on 1 December."
    }
  }
}

/** A Memory Match scored by the server (the default `scoring`): the server deals the cards and scores the flips. */
export const memory = {
  gameSlug: "memory-match",
  name: "Tea pairs",
  config: { pairs: 4, timeLimitSeconds: 120, maxScore: 1000 },
  theme: {
    labels: {
      title: "Tea pairs",
      intro: "Turn two cards at a time and find the four pairs of teas.",
      winTitle: "Every pair found",
      scoreBody: "You scored {score} of 1000, in {moves} cards."
    }
  }
}

/** A reward with its prizes (`tiers`, in priority order), valid for `validForSeconds` (null: no end), and its page's `blocks`. */
const reward = (
  tiers: ReadonlyArray<{
    readonly when: string
    readonly display: { readonly title: string; readonly description: string }
    readonly codeStrategy: string
  }>,
  validForSeconds: number | null,
  blocks: ReadonlyArray<Record<string, unknown>>
) => ({
  tiers: tiers.map(({ when, display, codeStrategy }) => ({ match: { when }, display, codeStrategy })),
  grantOncePerParticipant: false,
  validForSeconds,
  page: { blocks }
})

/**
 * The wheel's reward: a spring coupon for a winning slice, else a smaller thank-you coupon (the
 * first prize a spin meets is the one it gets), each a code made for the player, with its page.
 */
export const wheelReward = reward(
  [
    {
      when: "won",
      display: { title: "Spring coupon", description: "A coupon for your next order." },
      codeStrategy: "generated"
    },
    {
      when: "everyone",
      display: { title: "Thanks for spinning", description: "2% off your next order." },
      codeStrategy: "generated"
    }
  ],
  30 * 24 * 3600,
  [
    { id: "won", type: "heading", text: "Your coupon", when: "win" },
    { id: "landed", type: "outcome", prefix: "The wheel stopped on" },
    { id: "code", type: "coupon", caption: "Enter it at checkout", show: "code" },
    { id: "line", type: "divider" },
    { id: "terms", type: "text", text: "Valid for 30 days on orders over €20." }
  ]
)

/** The code every quiz player gets (the quiz's prize is `shared`), uploaded with its name. */
export const quizCoupon = { code: "TEA-SAMPLE-2026", name: "Free tasting sample" }

/** The quiz's reward: one shared code for everyone who plays, with no end, and its page. */
export const quizReward = reward(
  [
    {
      when: "everyone",
      display: { title: "Thanks for playing", description: "Free tasting sample with your next order." },
      codeStrategy: "shared"
    }
  ],
  null,
  [
    { id: "thanks", type: "heading", text: "Thanks for playing" },
    { id: "score", type: "outcome", prefix: "Your score:" },
    { id: "gap", type: "spacer", size: "sm" },
    { id: "code", type: "coupon", caption: "Show it at checkout", show: "both" },
    { id: "line", type: "divider" },
    { id: "terms", type: "text", text: "One sample per order.", align: "start" }
  ]
)

/** What the channel with nothing live shows. */
export const betweenCampaigns = {
  title: "The next game starts Monday",
  body: "Our summer game is being prepared. Come back on Monday to play."
}

export interface Seeded {
  /** The account's owner key: every permission (the demo's operator; not the backend's). */
  readonly ownerKey: string
  /** The key the backend keeps: `tokens.mint` only. */
  readonly mintKey: string
  readonly channels: Readonly<Record<Placement, string>>
  readonly campaigns: {
    readonly wheel: string
    readonly quiz: string
    readonly prediction: string
    readonly memory: string
  }
}

interface Answer {
  readonly status: number
  readonly text: string
}

/** Calls the API with `key`: its status and body. */
const caller =
  (api: Api) =>
  async (method: string, path: string, key: string, body?: unknown): Promise<Answer> => {
    const response = await api(
      new Request(new URL(path, "http://campaign-games.internal"), {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
    )
    return { status: response.status, text: await response.text() }
  }

/** Sets the demo up in a new account, through the API (the operator API for the account). */
export const seed = async (api: Api, adminToken: string): Promise<Seeded> => {
  const call = caller(api)
  /** The JSON body of an answer with `status`, else an error naming the step and what the API said. */
  const expect = async <A>(status: number, what: string, reply: Promise<Answer>): Promise<A> => {
    const answered = await reply
    if (answered.status !== status) throw new Error(`${what}: the API answered ${answered.status} ${answered.text}`)
    return JSON.parse(answered.text) as A
  }

  const created = await expect<{ apiKey: { key: string } }>(
    201,
    "create the account",
    call("POST", "/admin/v1/accounts", adminToken, { name: "Acme Tea" })
  )
  const owner: string = created.apiKey.key
  await expect<unknown>(200, "set the branding", call("PUT", "/v1/tenant/branding", owner, branding))
  await expect<unknown>(201, "allow the site", call("POST", "/v1/tenant/allowed-origins", owner, { origin: SITE }))
  const mint = await expect<{ apiKey: { key: string } }>(
    201,
    "create the backend's key",
    call("POST", "/v1/tenant/api-keys", owner, { name: "Web embed backend", permissions: ["tokens.mint"] })
  )

  const channel = async (name: string, extra: Record<string, unknown> = {}): Promise<string> =>
    (
      await expect<{ channel: { id: string } }>(
        201,
        `create the channel ${name}`,
        call("POST", "/v1/channels", owner, { name, ...extra })
      )
    ).channel.id
  const channels = {
    wheel: await channel("Homepage wheel"),
    quiz: await channel("Tea quiz corner"),
    prediction: await channel("Tea of the year"),
    memory: await channel("Tea pairs"),
    next: await channel("Summer game", { betweenCampaigns })
  }

  /** Creates the campaign on its channel, sets its reward (if any) and then `stock`s it, and activates it. */
  const live = async (
    game: typeof wheel | typeof quiz | typeof prediction | typeof memory,
    channelId: string,
    reward?: { readonly body: unknown; readonly stock?: (campaignId: string) => Promise<unknown> }
  ): Promise<string> => {
    const draft = await expect<{ gameInstance: { id: string } }>(
      201,
      `create ${game.name}`,
      call("POST", "/v1/game-instances", owner, { ...game, channelId })
    )
    const id = draft.gameInstance.id
    if (reward !== undefined) {
      await expect<unknown>(
        200,
        `set the reward of ${game.name}`,
        call("PUT", `/v1/game-instances/${id}/reward`, owner, reward.body)
      )
      await reward.stock?.(id)
    }
    await expect<unknown>(200, `activate ${game.name}`, call("POST", `/v1/game-instances/${id}/activate`, owner, {}))
    return id
  }
  const wheelCampaign = await live(wheel, channels.wheel, { body: wheelReward })
  const quizCampaign = await live(quiz, channels.quiz, {
    body: quizReward,
    // The shared prize's one code, given to every player (no issue limit).
    stock: (id) =>
      expect<{ added: number }>(
        201,
        `upload the code of ${quiz.name}`,
        call("POST", `/v1/game-instances/${id}/reward-coupons`, owner, { codes: [quizCoupon] })
      )
  })
  const predictionCampaign = await live(prediction, channels.prediction)
  const memoryCampaign = await live(memory, channels.memory)

  return {
    ownerKey: owner,
    mintKey: mint.apiKey.key,
    channels,
    campaigns: { wheel: wheelCampaign, quiz: quizCampaign, prediction: predictionCampaign, memory: memoryCampaign }
  }
}
