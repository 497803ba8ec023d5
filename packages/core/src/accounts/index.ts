/**
 * Accounts: organisations, their API keys and permissions, plans with their features and limits, and the actor of a call.
 *
 * @since 0.1.0
 */
export * as Account from "./Account.ts"
export * as Accounts from "./Accounts.ts"
export * as Actor from "./Actor.ts"
export * as ApiKey from "./ApiKey.ts"
export * as ApiKeys from "./ApiKeys.ts"
export * as Permission from "./Permission.ts"
export * as Plan from "./Plan.ts"
export * as AccountErrors from "./AccountErrors.ts"
