/**
 * `@campaign-games/core`: the pure domain of Campaign Games. Schemas, rules, use cases and the
 * ports (store, secrets) they run on. Imports only `effect`.
 *
 * @since 0.1.0
 */
export * as Account from "./Account.ts"
export * as Accounts from "./Accounts.ts"
export * as Actor from "./Actor.ts"
export * as ApiKey from "./ApiKey.ts"
export * as ApiKeys from "./ApiKeys.ts"
export * as Branding from "./Branding.ts"
export * as Campaign from "./Campaign.ts"
export * as Campaigns from "./Campaigns.ts"
export * as Channel from "./Channel.ts"
export * as Channels from "./Channels.ts"
export * as Errors from "./Errors.ts"
export * as Fields from "./Fields.ts"
export * as FileRule from "./FileRule.ts"
export * as Game from "./Game.ts"
export * as Games from "./Games.ts"
export * as Ids from "./Ids.ts"
export * as Pagination from "./Pagination.ts"
export * as Permission from "./Permission.ts"
export * as Plan from "./Plan.ts"
export * as Secrets from "./Secrets.ts"
export * as Store from "./Store.ts"
export * as Theme from "./Theme.ts"
export * as Validation from "./Validation.ts"
