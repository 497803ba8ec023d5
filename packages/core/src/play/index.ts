/**
 * Playing: allowed origins, client tokens, sessions, play limits, entries, monthly usage, and the mint, start and finish use cases.
 *
 * @since 0.1.0
 */
export * as AllowedOrigin from "./AllowedOrigin.ts"
export * as AllowedOrigins from "./AllowedOrigins.ts"
export * as ClientToken from "./ClientToken.ts"
export * as ClientTokenSigner from "./ClientTokenSigner.ts"
export * as Entry from "./Entry.ts"
export * as Mint from "./Mint.ts"
export * as PlayContext from "./PlayContext.ts"
export * as PlayLimit from "./PlayLimit.ts"
export * as Plays from "./Plays.ts"
export * as Session from "./Session.ts"
export * as Usage from "./Usage.ts"
export * as AfterFinish from "./AfterFinish.ts"
export * as PlayErrors from "./PlayErrors.ts"
