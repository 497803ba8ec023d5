/**
 * The 25 permission codes an API key can hold. A key can only be given permissions its creator holds.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

export const all = [
  "tokens.mint",
  "campaigns.read",
  "campaigns.write",
  "campaigns.activate",
  "campaigns.delete",
  "campaigns.resolve",
  "channels.manage",
  "config.write",
  "branding.write",
  "copy.write",
  "intro.write",
  "results.read",
  "draws.run",
  "rewards.read",
  "rewards.write",
  "rewards.codes.manage",
  "rewards.grant",
  "assets.read",
  "assets.manage",
  "assets.delete",
  "keys.manage",
  "origins.manage",
  "webhooks.manage",
  "settings.read",
  "privacy.manage"
] as const

/** A permission code. */
export const Permission = Schema.Literals(all)
export type Permission = typeof Permission.Type
