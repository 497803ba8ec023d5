/**
 * The pieces the endpoint definitions of the groups share: the description and permissions every
 * authenticated endpoint carries (`permitted`), the path parameter naming one resource (`idParam`),
 * the endpoints of a resource (`create`, `list`, `getById`, `updateById`, `deleteById`) with the
 * answer of a paged list (`page`) and of a deletion (`Deleted`), the query of a searchable, sortable
 * list (`listQuery`), a rate limit (`rateLimited`, `perMinute`), and what every group authenticated
 * by an API key adds to its endpoints (`keyed`). One place, so that each group says only what is its
 * own and the OpenAPI document says the same thing the same way everywhere.
 *
 * @since 0.1.0
 */
import { Fields, Pagination } from "@campaign-games/core"
import type { Permission } from "@campaign-games/core"
import { Schema } from "effect"
import type { Context } from "effect"
import type { HttpMethod, HttpRouter } from "effect/http"
import { HttpApiEndpoint, HttpApiSchema, OpenApi } from "effect/http-api"
import type { HttpApiGroup } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import * as RateLimit from "../RateLimit.ts"
import { ApiKeyAuth, CommonErrors, PermissionCheck, RequiredPermissions } from "../Security.ts"
import { StrictInput } from "../StrictInput.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

/**
 * The OpenAPI summary of an endpoint (a short title, as generated clients and docs list it) and its
 * description when it has more to say.
 */
export const describe = (summary: string, description?: string) =>
  OpenApi.annotations(description === undefined ? { summary } : { summary, description })

/** What `permitted` needs of an endpoint: its two ways of taking annotations. */
interface Annotatable {
  annotate<I, S>(key: Context.Key<I, S>, value: S): Annotatable
  annotateMerge<I>(annotations: Context.Context<I>): Annotatable
}

/** Annotates `endpoint` with the permissions a key must hold for it and its OpenAPI summary and description. */
export const permitted = <E extends Annotatable>(
  endpoint: E,
  permissions: ReadonlyArray<Permission.Permission>,
  summary: string,
  description: string
): E =>
  // `annotate` and `annotateMerge` keep every type parameter of the endpoint: the result is an `E`.
  endpoint.annotate(RequiredPermissions, permissions).annotateMerge(describe(summary, description)) as unknown as E

/** The path parameters of an endpoint on one resource: its id under `name` (`/:name`). */
export const idParam = <const Name extends string>(name: Name) =>
  ({ [name]: Schema.String }) as { readonly [K in Name]: typeof Schema.String }

/** The answer of a paged list: the page's items under `key`, then the `total` the list holds. */
export const page = <const Key extends string, View extends Schema.Top>(key: Key, view: View) =>
  Schema.Struct({ [key]: Schema.Array(view), total: Fields.Count } as { readonly [K in Key]: Schema.$Array<View> } & {
    readonly total: typeof Fields.Count
  })

/** The answer of one resource: `view` under `key`. */
const one = <const Key extends string, View extends Schema.Top>(key: Key, view: View) =>
  Schema.Struct({ [key]: view } as { readonly [K in Key]: View })

/**
 * The endpoint `name` creating, at `POST path`, a resource from `payload`: answers it as `view` under
 * `key` with 201, or `error`.
 */
export const create = <
  const Name extends string,
  const Path extends HttpRouter.PathInput,
  Payload extends HttpApiEndpoint.PayloadConstraintCodecs<"POST">,
  const Key extends string,
  View extends Schema.Top,
  const Error extends Schema.Top | ReadonlyArray<Schema.Top>
>(
  name: Name,
  path: Path,
  payload: Payload,
  key: Key,
  view: View,
  error: Error
) =>
  HttpApiEndpoint.post<Name, Path, never, never, Payload, never, ReturnType<typeof one<Key, View>>, Error>(name, path, {
    payload,
    success: one(key, view).pipe(HttpApiSchema.status(201)),
    error: error as never
  })

/** The endpoint `name` listing, at `GET path`, a page (`page`) of `view` under `key`, asked for by `query`. */
export const list = <
  const Name extends string,
  const Path extends HttpRouter.PathInput,
  Query extends Schema.Struct.Fields,
  const Key extends string,
  View extends Schema.Top
>(
  name: Name,
  path: Path,
  query: Query,
  key: Key,
  view: View
) => HttpApiEndpoint.get(name, path, { query, success: page(key, view) })

/**
 * The endpoint `name` reading, at `GET path`, the resource whose id is the path parameter `param`:
 * answers `success`, or 404.
 */
export const getById = <
  const Name extends string,
  const Path extends HttpRouter.PathInput,
  const Param extends string,
  Success extends Schema.Top
>(
  name: Name,
  path: Path,
  param: Param,
  success: Success
) => HttpApiEndpoint.get(name, path, { params: idParam(param), success, error: ApiError.NotFound })

/**
 * The endpoint `name` changing, at `PATCH path`, the resource whose id is the path parameter `param`
 * by `payload`: answers `success`, or one of `error` (by default 404 alone).
 */
export const updateById = <
  const Name extends string,
  const Path extends HttpRouter.PathInput,
  const Param extends string,
  Payload extends HttpApiEndpoint.PayloadConstraintCodecs<"PATCH">,
  Success extends Schema.Top,
  const Error extends ReadonlyArray<Schema.Top> = readonly [typeof ApiError.NotFound]
>(
  name: Name,
  path: Path,
  param: Param,
  payload: Payload,
  success: Success,
  error: Error = [ApiError.NotFound] as unknown as Error
) =>
  HttpApiEndpoint.patch<Name, Path, ReturnType<typeof idParam<Param>>, never, Payload, never, Success, Error>(
    name,
    path,
    { params: idParam(param), payload, success, error: error as never }
  )

/**
 * A body that must be empty: `{}`. An empty `Struct` lets any key through, so every key is refused
 * by name here.
 */
export const EmptyBody = Schema.Record(
  Schema.String,
  Schema.Never.annotate({ message: "Unknown field: the body is empty ({})" })
).annotate({
  identifier: "EmptyBody",
  description: "An empty object: `{}`."
})

/**
 * The payload of a POST that acts on its path alone: no body, `{}` or `null`. Declared rather than
 * left out, so that a body the operation cannot take (malformed JSON, a field, an array) is a 400
 * like every other bad body instead of being ignored while the operation acts. The OpenAPI document
 * marks it optional (`OpenApiDocument`).
 */
export const noBody = [EmptyBody, Schema.Null] as const

/** The answer of a deletion: `{ deleted: true, id }`. */
export const Deleted = Schema.Struct({ deleted: Schema.Boolean, id: Schema.String })

/**
 * The endpoint `name` deleting, at `DELETE path`, the resource whose id is the path parameter
 * `param`: answers `Deleted`, or one of `error` (by default 404 alone).
 */
export const deleteById = <
  const Name extends string,
  const Path extends HttpRouter.PathInput,
  const Param extends string,
  const Error extends ReadonlyArray<Schema.Top> = readonly [typeof ApiError.NotFound]
>(
  name: Name,
  path: Path,
  param: Param,
  error: Error = [ApiError.NotFound] as unknown as Error
) =>
  // The type arguments are spelled out: effect checks a generic error list for streams only once it is known.
  HttpApiEndpoint.delete<Name, Path, ReturnType<typeof idParam<Param>>, never, never, never, typeof Deleted, Error>(
    name,
    path,
    { params: idParam(param), success: Deleted, error: error as never }
  )

/** `limit` requests a minute per key, counted under `name`: the policy of `rateLimited`. */
export const perMinute = (name: string, limit: number): ReadonlyArray<RateLimit.Policy> => [
  { name, limit, window: "1 minute" }
]

/**
 * Puts an endpoint behind the rate limit (`RateLimit`) of `policies`: its answers report the limit,
 * and a request over it is 429. For `pipe`.
 *
 * The limit counts every request of an authenticated key, as the specification has it ("responses
 * from the limited endpoints carry" the headers): so it runs before the permission check and the
 * input checks, which the endpoint takes here ahead of its group (the group adds them again to
 * every endpoint; an endpoint's middlewares are a set, run from the last added to the first).
 */
export const rateLimited =
  (policies: ReadonlyArray<RateLimit.Policy>) =>
  <
    Name extends string,
    Method extends HttpMethod.HttpMethod,
    Path extends string,
    Params extends Schema.Top,
    Query extends Schema.Top,
    Payload extends Schema.Top,
    Headers extends Schema.Top,
    Success extends Schema.Top,
    Error extends Schema.Top,
    Middleware,
    Services
  >(
    endpoint: HttpApiEndpoint.HttpApiEndpoint<
      Name,
      Method,
      Path,
      Params,
      Query,
      Payload,
      Headers,
      Success,
      Error,
      Middleware,
      Services
    >
  ) =>
    endpoint
      .middleware(StrictInput)
      .middleware(PermissionCheck)
      .middleware(RateLimit.RateLimit)
      .annotate(RateLimit.Policies, policies)

const Dir = Schema.Literals(["asc", "desc"])

/**
 * The query of a list that pages (`Pagination.query`), searches (up to 200 characters), sorts by one
 * of `sorts` in either direction and filters by `status`.
 */
export const listQuery = <const Sorts extends ReadonlyArray<string>, Status extends Schema.Top>(
  defaults: { readonly default: number; readonly max: number },
  sorts: Sorts,
  status: Status
) => ({
  ...Pagination.query(defaults),
  search: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  sort: Schema.optionalKey(Schema.Literals(sorts)),
  dir: Schema.optionalKey(Dir),
  status: Schema.optionalKey(status)
})

/**
 * A group of endpoints called with an API key: authenticates the key (`ApiKeyAuth`), answers the
 * common errors (`CommonErrors`), checks the endpoint's permissions (`PermissionCheck`), refuses
 * unstorable input (`StrictInput`), in that order, and has the OpenAPI `title` and `description`.
 */
export const keyed = <Id extends string, Endpoints extends HttpApiEndpoint.Constraint>(
  group: HttpApiGroup.HttpApiGroup<Id, Endpoints>,
  title: string,
  description: string
) =>
  group
    .middleware(StrictInput)
    .middleware(PermissionCheck)
    .middleware(CommonErrors)
    .middleware(ApiKeyAuth)
    .annotateMerge(OpenApi.annotations({ title, description }))
