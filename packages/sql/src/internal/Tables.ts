/**
 * The columns of every table the repositories read, as field records (`Table`): the field names
 * are the domain's, the columns their snake_case, the schemas those of the values as the driver
 * returns them (`Values`). Each is made from its resource's field record in core (`fromFields`),
 * where the fields are written once; only what the table stores otherwise is written here. The
 * plays' narrower reads (`playAccounts`, `playChannels`, `playCampaigns`, `targets`) are picks of
 * them, by the core's key lists.
 *
 * Tables no repository reads rows of (`events`, `account_usage`, `server_secrets`, `draw_secrets`,
 * `draw_winners`) have none.
 *
 * @since 0.1.0
 */
import {
  Account,
  AllowedOrigin,
  ApiKey,
  Campaign,
  Channel,
  DrawRun,
  Entry,
  Session,
  Theme,
  Webhook
} from "@campaign-games/core"
import { Schema, SchemaTransformation } from "effect"
import * as Table from "./Table.ts"

/** `accounts`. */
export const accounts = Table.fromFields(Account.fields)

/** `api_keys`. */
export const apiKeys = Table.fromFields(ApiKey.fields)

/** `channels`. */
export const channels = Table.fromFields(Channel.fields)

/** `campaigns`: the winner-selection settings are a document whose window times are ISO 8601 strings. */
export const campaigns = Table.fromFields(Campaign.fields)

/** `branding`: an account's theme. */
export const branding = Table.make({ theme: Theme.Theme })

/** `sessions`. */
export const sessions = Table.fromFields(Session.fields)

/** `entries`: a prediction is stored as its option id (`entryOf` makes the domain's entry). */
export const entries = Table.fromFields(Entry.fields, {
  predictionValue: { predictionOptionId: Schema.NullOr(Schema.String) }
})

/** An entry as the domain has it, from its row. */
export const entryOf = ({ predictionOptionId, ...row }: typeof entries.Row.Type): Entry.Entry => ({
  ...row,
  predictionValue: predictionOptionId === null ? null : { optionId: predictionOptionId }
})

/** A `bigint` column as a number: the drivers give a `bigint`, a string or a number (all below 2^53 here). */
const Int8 = Schema.Union([
  Schema.Finite,
  Schema.FiniteFromString,
  Schema.BigInt.pipe(
    Schema.decodeTo(
      Schema.Finite,
      SchemaTransformation.transform({ decode: (n: bigint) => Number(n), encode: (n: number) => BigInt(n) })
    )
  )
])

/**
 * `draw_runs`: the rules, the moment, the prize and the winners are documents (times in them ISO
 * 8601 strings); `entry_bound` is a `bigint`.
 */
export const drawRuns = Table.fromFields(DrawRun.fields, { entryBound: { entryBound: Int8 } })

/** `allowed_origins`. */
export const allowedOrigins = Table.fromFields(AllowedOrigin.fields)

/** `webhook_endpoints`. */
export const endpoints = Table.fromFields(Webhook.endpointFields)

/** `webhook_deliveries` (but the lease, `claimed_until`): the payload is the document delivered. */
export const deliveries = Table.fromFields(Webhook.deliveryFields)

// The plays' narrower reads: what a mint, a start and a finish decide with (`PlayContextRepo`,
// `PlayFinishRepo`).

/** An account's `PlayAccount` fields. */
export const playAccounts = Table.pick(accounts, Account.playNames)

/** A channel's `PlayChannel` fields. */
export const playChannels = Table.pick(channels, Channel.playNames)

/** A campaign's `PlayCampaign` fields. */
export const playCampaigns = Table.pick(campaigns, Campaign.playNames)

/** A campaign's `MintCampaign` fields: the plays' but the config and the theme. */
export const mintCampaigns = Table.pick(campaigns, Campaign.mintNames)

/** An endpoint as a finish's fan-out reads it (`Webhook.Target`). */
export const targets = Table.pick(endpoints, Webhook.targetNames)
