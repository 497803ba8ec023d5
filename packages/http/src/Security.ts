/**
 * Authentication: `Authorization: Bearer <API key>` for the `/v1` API (the key's account and
 * permissions become the `CurrentActor` of the call), and `Authorization: Bearer <CG_ADMIN_TOKEN>`
 * for the operator API. A missing, malformed, unknown or revoked credential answers 401.
 *
 * @since 0.1.0
 */
import type { Actor, Permission } from "@campaign-games/core"
import { Context } from "effect"
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import * as ApiError from "./ApiError.ts"

/** The actor (account, key, permissions) of the current call. */
export class CurrentActor extends Context.Service<CurrentActor, Actor.Actor>()("@campaign-games/http/CurrentActor") {}

/**
 * Endpoint annotation: the permissions a key must hold for the operation (all of them), checked
 * after authentication (and the rate limit) and before the body is read (`PermissionCheck`). Permissions that depend on the body
 * (such as `config.write` when a PATCH carries a config) are checked by the core use case.
 */
export class RequiredPermissions extends Context.Service<RequiredPermissions, ReadonlyArray<Permission.Permission>>()(
  "@campaign-games/http/RequiredPermissions"
) {}

/**
 * Endpoint annotation: the operation itself checks, in its own read, that the key is still active
 * (the mint does), so authentication may answer from this process's recent read of the key
 * (`ApiKeys.authenticateRecent`) and spare the store a statement. What makes that safe is the
 * core's, not SQL text: `Mint.decide` refuses a read whose `keyActive` is false (`KeyRevoked`), and
 * `PlayContextRepo.forMint` reads `keyActive` as the key is now, a semantics the store contract
 * pins on every store (`PlayContextRepoContract`) and the two-instance test over HTTP (a key revoked
 * on one instance answers 401 on the other's next mint).
 */
export class KeyCheckedByOperation extends Context.Service<KeyCheckedByOperation, true>()(
  "@campaign-games/http/KeyCheckedByOperation"
) {}

/** Bearer API-key authentication for the `/v1` API. */
export class ApiKeyAuth extends HttpApiMiddleware.Service<ApiKeyAuth, { provides: CurrentActor; requires: never }>()(
  "@campaign-games/http/ApiKeyAuth",
  {
    security: { bearer: HttpApiSecurity.bearer },
    error: [ApiError.Unauthorized, ApiError.StoreUnavailable]
  }
) {}

/**
 * The endpoint's `RequiredPermissions`, held by the authenticated key or 403. Its own middleware
 * rather than part of authentication, so that a rate limit counts (and reports) a refused request.
 */
export class PermissionCheck extends HttpApiMiddleware.Service<PermissionCheck, { requires: CurrentActor }>()(
  "@campaign-games/http/PermissionCheck",
  { error: ApiError.Forbidden }
) {}

/**
 * Bearer operator-token authentication for `/admin/v1`; failed calls are counted per caller address
 * (`RateLimit.OPERATOR_FAILURES`), and past the limit every call from that address answers 429.
 */
export class AdminAuth extends HttpApiMiddleware.Service<AdminAuth, { provides: never; requires: never }>()(
  "@campaign-games/http/AdminAuth",
  {
    security: { bearer: HttpApiSecurity.bearer },
    error: [ApiError.Unauthorized, ApiError.RateLimited, ApiError.StoreUnavailable]
  }
) {}

/**
 * Declares the errors any operation may answer with (400, 403, 500, 503), so every endpoint
 * documents and encodes them. It does nothing at run time.
 */
export class CommonErrors extends HttpApiMiddleware.Service<CommonErrors>()("@campaign-games/http/CommonErrors", {
  error: [ApiError.InvalidRequest, ApiError.Forbidden, ApiError.InternalError, ApiError.StoreUnavailable]
}) {}
