/**
 * Configuration of the HTTP adapter, read once at start by the server that embeds it.
 *
 * @since 0.1.0
 */
import { Context, type Redacted } from "effect"

export interface Config {
  /** `CG_ADMIN_TOKEN`: enables the operator API; undefined answers 401 to every operator call. */
  readonly adminToken: Redacted.Redacted<string> | undefined
  /** `CG_PUBLIC_URL`: the base of upload and file URLs. */
  readonly publicUrl: string
}

export class HttpConfig extends Context.Service<HttpConfig, Config>()("@campaign-games/http/HttpConfig") {}

/**
 * The shortest `CG_ADMIN_TOKEN` accepted: 32 characters. The operator token opens every account, so
 * a server refuses to start with a shorter one rather than guard the operator API with a guessable
 * secret (`openssl rand -base64 32` makes a good one).
 */
export const MIN_ADMIN_TOKEN_LENGTH = 32

/** Why a server refuses an operator token of `length` characters. */
export const adminTokenTooShortMessage = (length: number): string =>
  `CG_ADMIN_TOKEN is ${length} characters long; it must have at least ${MIN_ADMIN_TOKEN_LENGTH} (for example \`openssl rand -base64 32\`). Unset it to disable the operator API.`

/** The refusal's message when `token` is set and shorter than `MIN_ADMIN_TOKEN_LENGTH`, else undefined. */
export const checkAdminToken = (token: string | undefined): string | undefined =>
  token !== undefined && token.length < MIN_ADMIN_TOKEN_LENGTH ? adminTokenTooShortMessage(token.length) : undefined
