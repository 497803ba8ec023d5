/**
 * Campaigns and where they run: channels, campaigns and their lifecycle, themes and account branding, and the file rule for the files they name.
 *
 * @since 0.1.0
 */
export * as Branding from "./Branding.ts"
export * as Campaign from "./Campaign.ts"
export * as Campaigns from "./Campaigns.ts"
export * as Channel from "./Channel.ts"
export * as Channels from "./Channels.ts"
export * as FileRule from "./FileRule.ts"
export * as Theme from "./Theme.ts"
export * as CampaignErrors from "./CampaignErrors.ts"
