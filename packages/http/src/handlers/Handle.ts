/**
 * What every handler group shares: a group served with the core service its handlers call
 * (`group`), and the shape of an authenticated handler, which runs one use case as the calling
 * key's actor (`CurrentActor`) and shapes the answer (`asActor`, `deleteAsActor`, a list's `page`,
 * both at once for a paged list: `list`), and reads a list's search (`search`). One place, so each
 * handler says only which use case it calls and how its answer looks.
 *
 * @since 0.1.0
 */
import { Pagination } from "@campaign-games/core"
import type { Actor } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import type { Scope } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { HttpApi, HttpApiGroup } from "effect/http-api"
import { CurrentActor } from "../Security.ts"
import * as StrictInput from "../StrictInput.ts"

/**
 * `HttpApiBuilder.group` for a group whose handlers call one core service: `build` receives the
 * handlers and the service, read once when the group's layer is built. Handlers that call several
 * services read them all at once: `Effect.all({ media: Media.Media, folders: MediaFolders.MediaFolders })`.
 * The group's `StrictInput` middleware is provided with it (`strict`).
 */
export const group = <
  ApiId extends string,
  Groups extends HttpApiGroup.Constraint,
  const Identifier extends HttpApiGroup.Identifier<Groups>,
  I,
  S,
  Return
>(
  api: HttpApi.HttpApi<ApiId, Groups>,
  identifier: Identifier,
  service: Effect.Effect<S, never, I>,
  build: (
    handlers: HttpApiBuilder.Handlers.FromGroup<HttpApiGroup.WithIdentifier<Groups, Identifier>>,
    service: S
  ) => HttpApiBuilder.Handlers.ValidateReturn<Return>
): Layer.Layer<
  HttpApiGroup.Service<ApiId, Identifier>,
  never,
  Exclude<I | HttpApiBuilder.Handlers.Context<Return>, Scope.Scope | StrictInput.StrictInput>
> =>
  // The handlers `build` answers are checked by its own signature; `HttpApiBuilder.group` cannot see
  // through the effect that reads the service, hence the casts.
  strict(
    HttpApiBuilder.group(
      api,
      identifier,
      (handlers) => Effect.map(service, (resolved) => build(handlers, resolved)) as never
    )
  ) as never

/** A group's handler layer with the `StrictInput` middleware its endpoints declare. */
export const strict = <A, E, R>(group: Layer.Layer<A, E, R>) => group.pipe(Layer.provide(StrictInput.layer))

/** Runs `run` as the calling key's actor and answers `view` of its result. */
export const asActor = <A, E, R, B>(run: (actor: Actor.Actor) => Effect.Effect<A, E, R>, view: (a: A) => B) =>
  CurrentActor.use(run).pipe(Effect.map(view))

/** Runs the deletion `run` as the calling key's actor and answers `{ deleted: true, id }`. */
export const deleteAsActor = <A, E, R>(run: (actor: Actor.Actor) => Effect.Effect<A, E, R>, id: string) =>
  CurrentActor.use(run).pipe(Effect.as({ deleted: true, id }))

/**
 * The answer of a paged list (`Endpoint.page` of the groups): the page's items, each as `view`
 * shows it, under `key`, then the total.
 */
export const page =
  <const Key extends string, A, B>(key: Key, view: (item: A) => B) =>
  ({ items, total }: Pagination.Paged<A>) =>
    ({ [key]: items.map(view), total }) as { readonly [K in Key]: ReadonlyArray<B> } & { readonly total: number }

/**
 * A paged list: runs `run` as the calling key's actor on the page `query` asks for (`defaults.default`
 * items unless it says how many), and answers the page (`page`) with its items as `view` shows them,
 * under `key`.
 */
export const list = <const Key extends string, A, B, E, R>(
  query: { readonly limit?: number | undefined; readonly offset?: number | undefined },
  defaults: { readonly default: number },
  key: Key,
  view: (item: A) => B,
  run: (actor: Actor.Actor, page: Pagination.Page) => Effect.Effect<Pagination.Paged<A>, E, R>
) => asActor((actor) => run(actor, Pagination.page(query, defaults.default)), page(key, view))

/** The search of a list's query: none when it is left out or empty. */
export const search = (value: string | undefined): string | undefined => (value === "" ? undefined : value)
