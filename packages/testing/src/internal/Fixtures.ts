/**
 * The rows the store contract suites build, in one place: unique ids, fixed instants at
 * millisecond precision, and a maker per row with plausible defaults that a test overrides field by
 * field (`makeCampaign(accountId, channelId, { status: "active" })`). Pure: nothing here touches a
 * store (`Given.ts` stores them).
 */
import {
  type Account,
  type AllowedOrigin,
  type ApiKey,
  Campaign,
  type Channel,
  type Entry,
  type Event,
  type PlayContext,
  type Session,
  SpinTheWheel,
  type Theme,
  type Webhook
} from "@campaign-games/core"
import { DateTime, Schema } from "effect"

const RUN = globalThis.crypto.randomUUID().slice(0, 8)
let counter = 0
/** An id unique to this process and test. */
export const uid = (prefix: string): string => `${prefix}_${RUN}_${(counter++).toString(36).padStart(4, "0")}`

/** 2026-01-02T03:04:05.678Z plus `ms` milliseconds: millisecond precision on purpose. */
export const at = (ms: number): DateTime.Utc => DateTime.makeUnsafe(Date.UTC(2026, 0, 2, 3, 4, 5, 678) + ms)

export const SECOND = 1_000
export const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** A domain failure raised inside transactions under test. */
export class Boom extends Schema.TaggedError<Boom>()("Boom", { message: Schema.String }) {}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567"
/** A random key prefix of the real form (12 base32 characters). */
export const keyPrefix = (): string => {
  const bytes = new Uint8Array(12)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => BASE32[b & 31]).join("")
}

export const makeAccount = (fields: Partial<Account.Account> = {}): Account.Account => ({
  id: uid("acc"),
  name: "Acme « l'été » 🎡",
  plan: "starter",
  featureOverrides: { webhooks: false, customCopy: true, games: ["quiz", "spin-the-wheel"] },
  limitOverrides: { channels: 5, storageBytes: null, playsPerMonth: 1_000_000_000_000 },
  createdAt: at(0),
  updatedAt: at(1),
  ...fields
})

export const makeKey = (accountId: string, fields: Partial<ApiKey.ApiKey> = {}): ApiKey.ApiKey => ({
  id: uid("key"),
  accountId,
  name: "Deploy key",
  keyPrefix: keyPrefix(),
  keyHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  permissions: ["campaigns.read", "channels.manage"],
  createdAt: at(10),
  revokedAt: null,
  ...fields
})

export const makeChannel = (accountId: string, fields: Partial<Channel.Channel> = {}): Channel.Channel => ({
  id: uid("ch"),
  accountId,
  name: "Main site",
  status: "active",
  betweenCampaigns: {},
  maxPlaysPerParticipant: null,
  maxPlaysPerParticipantPerDay: null,
  playLimitTimezone: "UTC",
  createdAt: at(20),
  updatedAt: at(21),
  ...fields
})

export const makeCampaign = (
  accountId: string,
  channelId: string,
  fields: Partial<Campaign.Campaign> = {}
): Campaign.Campaign => ({
  // A draft wheel as the engine creates it (`Campaign.make`'s defaults), updated a moment later.
  ...Campaign.make(
    { gameSlug: "spin-the-wheel", name: "Spring wheel", channelId },
    SpinTheWheel.game,
    { id: uid("gi"), accountId },
    at(40)
  ),
  updatedAt: at(41),
  ...fields
})

/**
 * What a wheel needs besides its segments to be activated: its two images and three sounds, as https
 * addresses the file rule judges by their extension. `{ segments, art: WHEEL_ART, sounds: WHEEL_SOUNDS }`.
 */
export const WHEEL_ART = SpinTheWheel.exampleMedia.art
export const WHEEL_SOUNDS = SpinTheWheel.exampleMedia.sounds

/** A theme with every key set. */
export const fullTheme: Theme.Theme = {
  colors: {
    bg: "#0A0B0C",
    fg: "#ffffff",
    muted: "#778899",
    accent: "#FF3366",
    danger: "#cc0000",
    surface: "#1a1b1c",
    border: "#2B2C2D"
  },
  logoUrl: "https://cdn.example.com/logo.svg?v=2&lang=fr",
  backgroundUrl: "https://cdn.example.com/bg.jpg",
  fontFamily: `"Open Sans", Arial, sans-serif`,
  fontUrl: "https://fonts.example.com/open-sans.woff2",
  labels: { title: "Tournez la roue « été » ☀️", intro: "", spinButton: 'Go "now"\nplease' },
  layout: { position: "bottom", width: "full" },
  background: {
    fit: "tile",
    focus: "bottom-right",
    gradient: { from: "#000000", to: "#FFFFFF", angle: 359 },
    overlay: { color: "#102030", opacity: 80 },
    animation: { kind: "lottie", url: "https://cdn.example.com/confetti.json" }
  },
  decorations: {
    top: { url: "https://cdn.example.com/garland.png", kind: "image", size: "small" },
    bottom: { url: "https://cdn.example.com/snow.json", kind: "lottie", size: "large" }
  }
}

export const makeSession = (campaign: Campaign.Campaign, fields: Partial<Session.Session> = {}): Session.Session => ({
  id: uid("ses"),
  accountId: campaign.accountId,
  campaignId: campaign.id,
  channelId: campaign.channelId,
  participantRef: "player-1",
  origin: "https://shop.example.com",
  jti: uid("jti"),
  startedAt: at(500),
  finishedAt: null,
  ...fields
})

export const makeEntry = (campaign: Campaign.Campaign, fields: Partial<Entry.Entry> = {}): Entry.Entry => ({
  id: uid("en"),
  accountId: campaign.accountId,
  campaignId: campaign.id,
  channelId: campaign.channelId,
  sessionId: null,
  participantRef: "player-1",
  score: null,
  predictionValue: null,
  outcome: null,
  weight: 1,
  eligible: true,
  createdAt: at(600),
  ...fields
})

/** An entry list's filter: every entry, newest first, with `fields` set. */
export const entryFilter = (fields: Partial<Entry.ListFilter> = {}): Entry.ListFilter => ({
  search: undefined,
  sort: "createdAt",
  dir: "desc",
  eligible: undefined,
  ...fields
})

/**
 * A finished play of `session` at `at_` as `PlayFinishRepo.complete` takes it: its entry (with
 * `entry`'s fields), its `session_completed` event (`data`) and a pending delivery, due at once, to
 * each target (endpoints of the campaign's account).
 */
export const makeCompletion = (
  campaign: Campaign.Campaign,
  session: Session.Session,
  at_: DateTime.Utc,
  targets: ReadonlyArray<Webhook.Endpoint>,
  entry: Partial<Entry.Entry> = {},
  data: Event.Event["data"] = { sessionId: session.id }
): PlayContext.Completion => {
  const event: Event.Event = {
    id: uid("evt"),
    accountId: campaign.accountId,
    type: "session_completed",
    campaignId: campaign.id,
    channelId: campaign.channelId,
    data,
    createdAt: at_
  }
  return {
    sessionId: session.id,
    finishedAt: at_,
    entry: makeEntry(campaign, {
      sessionId: session.id,
      participantRef: session.participantRef,
      createdAt: at_,
      ...entry
    }),
    event,
    deliveries: targets.map((endpoint) =>
      makeDelivery(endpoint, {
        eventId: event.id,
        eventType: event.type,
        payload: { type: event.type, createdAt: DateTime.formatIso(at_), data: event.data },
        nextRetryAt: at_,
        createdAt: at_
      })
    )
  }
}

export const makeOrigin = (
  accountId: string,
  fields: Partial<AllowedOrigin.AllowedOrigin> = {}
): AllowedOrigin.AllowedOrigin => {
  const id = uid("ao")
  return { id, accountId, origin: `https://${id.replaceAll("_", "-")}.example.com`, createdAt: at(700), ...fields }
}

/** An active endpoint of the account subscribed to `session_completed`, with no filters. */
export const makeEndpoint = (accountId: string, fields: Partial<Webhook.Endpoint> = {}): Webhook.Endpoint => {
  const id = uid("we")
  return {
    id,
    accountId,
    url: `https://hooks.example.com/${id}`,
    events: ["session_completed"],
    gameInstanceIds: [],
    channelIds: [],
    includeCouponCodes: false,
    status: "active",
    secret: `whsec_${id}`,
    createdAt: at(10),
    updatedAt: at(11),
    ...fields
  }
}

/** A pending delivery to the endpoint, never tried, not scheduled. */
export const makeDelivery = (endpoint: Webhook.Endpoint, fields: Partial<Webhook.Delivery> = {}): Webhook.Delivery => {
  const eventId = uid("evt")
  return {
    id: uid("wd"),
    accountId: endpoint.accountId,
    endpointId: endpoint.id,
    eventId,
    eventType: "session_completed",
    payload: { type: "session_completed", createdAt: "2026-01-02T03:04:05.678Z", data: { eventId } },
    status: "pending",
    attemptCount: 0,
    lastAttemptedAt: null,
    nextRetryAt: null,
    responseStatus: null,
    note: null,
    createdAt: at(100),
    ...fields
  }
}

/** An endpoint list's query: every endpoint, oldest first, with `fields` set. */
export const endpointQuery = (fields: Partial<Webhook.EndpointListQuery> = {}): Webhook.EndpointListQuery => ({
  search: undefined,
  status: undefined,
  sort: "createdAt",
  dir: "asc",
  ...fields
})

/** A delivery list's query: every delivery, newest first, with `fields` set. */
export const deliveryQuery = (fields: Partial<Webhook.DeliveryListQuery> = {}): Webhook.DeliveryListQuery => ({
  search: undefined,
  status: undefined,
  sort: "createdAt",
  dir: "desc",
  ...fields
})

/**
 * Rows made with `make`, one at each instant `at(ms)` of `times`: their ids sort in the order
 * given, so a list's tie-break by id between rows of the same instant is known.
 */
export const madeAt = <A, const T extends ReadonlyArray<number>>(
  prefix: string,
  times: T,
  make: (fields: { readonly id: string; readonly createdAt: DateTime.Utc }) => A
): { -readonly [K in keyof T]: A } => {
  const base = uid(prefix)
  return times.map((ms, i) => make({ id: `${base}_${String(i).padStart(3, "0")}`, createdAt: at(ms) })) as {
    -readonly [K in keyof T]: A
  }
}

/** The first 100 rows. */
export const all = { limit: 100, offset: 0 }

/** The ids of rows, in their order. */
export const ids = (rows: ReadonlyArray<{ readonly id: string }>): Array<string> => rows.map((row) => row.id)
