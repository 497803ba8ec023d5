/**
 * Webhook use cases: endpoints (create with a `whsec_` secret shown once, list, update, delete),
 * the delivery log, resending, and the fan-out that turns each event appended to the outbox into
 * one delivery per matching active endpoint, in the same transaction.
 *
 * An endpoint URL must be https and its host must resolve only to public addresses when saved (the
 * dispatcher checks again at every attempt), unless `WebhookPolicy.allowPrivateUrls` is on
 * (development and tests: `CG_ALLOW_PRIVATE_URLS=true`).
 *
 * @since 0.1.0
 */
import { Context, DateTime, Effect, Layer, Option } from "effect"
import * as Actor from "../accounts/Actor.ts"
import {
  type InvalidFields,
  type MissingPermission,
  type ResourceNotFound,
  type StoreError,
  notFound,
  orNotFound
} from "../Failure.ts"
import type { PlanError } from "../accounts/AccountErrors.ts"
import { DeliveryNotResendable, WebhooksError } from "./WebhookErrors.ts"
import { EventOutbox } from "./Event.ts"
import { defined } from "../Fields.ts"
import * as Ids from "../Ids.ts"
import * as Plan from "../accounts/Plan.ts"
import { Secrets } from "../Secrets.ts"
import { Store } from "../Store.ts"
import { invalid } from "../Validation.ts"
import * as Webhook from "./Webhook.ts"

/**
 * Whether endpoint URLs may use `http:` and private addresses (never in production). Read when the
 * `Webhooks` layer is built: provide it to that layer.
 */
export class WebhookPolicy extends Context.Reference<{ readonly allowPrivateUrls: boolean }>(
  "@campaign-games/core/Webhooks/WebhookPolicy",
  { defaultValue: () => ({ allowPrivateUrls: false }) }
) {}

/** A scheme, `//`, then no whitespace or control character anywhere (RFC 3986 allows none). */
const URI_WITH_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^\s\p{Cc}]+$/iu

/**
 * Checks a URL for webhooks (and imports): scheme, and that its host resolves only to public
 * addresses. Returns the failure message, or undefined when the URL may be used.
 */
export const checkUrl = Effect.fnUntraced(function* (url: string) {
  const policy = yield* WebhookPolicy
  // The URL parser forgives what a URI may not hold (spaces, `https:host` without `//`): the text
  // itself must be a URI with an authority, since it is stored and shown as sent.
  if (!URI_WITH_AUTHORITY.test(url) || !URL.canParse(url)) return "must be an absolute URL"
  const parsed = new URL(url)
  if (parsed.username !== "" || parsed.password !== "") return "must not carry credentials"
  if (parsed.port === "0") return "must not use port 0"
  if (parsed.protocol !== "https:" && !(policy.allowPrivateUrls && parsed.protocol === "http:")) return "must be https"
  if (policy.allowPrivateUrls) return undefined
  return yield* publicHostProblem(parsed)
})

/**
 * Whether the URL's host resolves only to public addresses (what `checkUrl` and
 * `Media.checkImportUrl` end with): the problem, or undefined.
 */
export const publicHostProblem = Effect.fnUntraced(function* (url: URL) {
  const resolver = yield* Webhook.HostResolver
  const host = url.hostname.replace(/^\[|\]$/g, "")
  const addresses = yield* resolver.resolve(host).pipe(Effect.catch(() => Effect.succeed(undefined)))
  if (addresses === undefined || addresses.length === 0) return "host does not resolve"
  if (addresses.some((a) => !a.isPublic)) return "host must resolve to public addresses only"
  return undefined
})

/**
 * The URL check of a layer's use cases: `check` (`checkUrl`, `Media.checkImportUrl`) run with the
 * host resolver and `WebhookPolicy` the layer is built with, failing with `InvalidFields` naming
 * the field `url` when the URL may not be used.
 */
export const urlCheck = Effect.gen(function* () {
  const resolver = yield* Webhook.HostResolver
  const policy = yield* WebhookPolicy
  return <R>(check: (url: string) => Effect.Effect<string | undefined, never, R>, url: string) =>
    check(url).pipe(
      Effect.provideService(Webhook.HostResolver, resolver),
      Effect.provideService(WebhookPolicy, policy),
      Effect.flatMap((problem) => (problem === undefined ? Effect.void : invalid([{ path: "url", message: problem }])))
    )
})

export class Webhooks extends Context.Service<
  Webhooks,
  {
    readonly create: Actor.Create<Webhook.Endpoint, Webhook.CreateEndpoint, InvalidFields | PlanError>
    readonly list: Actor.List<Webhook.Endpoint, Webhook.EndpointListQuery>
    readonly update: Actor.Update<Webhook.Endpoint, Webhook.UpdateEndpoint, InvalidFields | PlanError>
    readonly delete: Actor.Delete
    readonly deliveries: Actor.List<Webhook.Delivery, Webhook.DeliveryListQuery>
    readonly resend: (
      actor: Actor.Actor,
      id: string
    ) => Effect.Effect<Webhook.Delivery, MissingPermission | ResourceNotFound | WebhooksError | StoreError>
    readonly resendEndpoint: (
      actor: Actor.Actor,
      endpointId: string,
      since: DateTime.Utc
    ) => Effect.Effect<number, MissingPermission | ResourceNotFound | StoreError>
  }
>()("@campaign-games/core/Webhooks") {
  static readonly layer = Layer.effect(
    Webhooks,
    Effect.gen(function* () {
      const store = yield* Store
      const endpoints = yield* Webhook.EndpointRepo
      const deliveries = yield* Webhook.DeliveryRepo
      const secrets = yield* Secrets
      const requireUrl = yield* urlCheck
      const find = (accountId: string, id: string) =>
        endpoints.findById(accountId, id).pipe(orNotFound("webhookEndpoint", id))

      const create = Effect.fn("Webhooks.create")(function* (actor: Actor.Actor, input: Webhook.CreateEndpoint) {
        yield* Actor.require(actor, "webhooks.manage")
        yield* Plan.requireFeature(Actor.features(actor), "webhooks")
        if (input.includeCouponCodes === true) yield* Actor.require(actor, "rewards.codes.manage")
        yield* requireUrl(checkUrl, input.url)
        const now = yield* DateTime.now
        const endpoint: Webhook.Endpoint = {
          id: yield* Ids.make(Ids.Prefix.endpoint),
          accountId: actor.account.id,
          url: input.url,
          events: [...new Set(input.events)],
          gameInstanceIds: [...new Set(input.gameInstanceIds ?? [])],
          channelIds: [...new Set(input.channelIds ?? [])],
          includeCouponCodes: input.includeCouponCodes ?? false,
          status: "active",
          secret: `${Webhook.SECRET_PREFIX}${yield* secrets.randomToken(32)}`,
          createdAt: now,
          updatedAt: now
        }
        yield* Actor.insertWithinLimit(store, actor, "webhookEndpoints", endpoints.count, endpoints.insert(endpoint))
        return endpoint
      })

      const list = Actor.guarded("Webhooks.list", "settings.read", endpoints.list)

      const update = Effect.fn("Webhooks.update")(function* (
        actor: Actor.Actor,
        id: string,
        patch: Webhook.UpdateEndpoint
      ) {
        yield* Actor.require(actor, "webhooks.manage")
        yield* Plan.requireFeature(Actor.features(actor), "webhooks")
        if (patch.url !== undefined) {
          return yield* invalid([{ path: "url", message: "cannot be changed; create a new endpoint instead" }])
        }
        const current = yield* find(actor.account.id, id)
        // Turning coupon codes on needs the codes' permission; sending back what is already on does not.
        if (patch.includeCouponCodes === true && !current.includeCouponCodes) {
          yield* Actor.require(actor, "rewards.codes.manage")
        }
        const next: Webhook.Endpoint = {
          ...current,
          ...defined(patch, ["status", "includeCouponCodes"]),
          ...(patch.events === undefined ? {} : { events: [...new Set(patch.events)] }),
          ...(patch.gameInstanceIds === undefined ? {} : { gameInstanceIds: [...new Set(patch.gameInstanceIds)] }),
          ...(patch.channelIds === undefined ? {} : { channelIds: [...new Set(patch.channelIds)] }),
          updatedAt: yield* DateTime.now
        }
        yield* endpoints.update(next)
        return next
      })

      const remove = Effect.fn("Webhooks.delete")(function* (actor: Actor.Actor, id: string) {
        yield* Actor.require(actor, "webhooks.manage")
        if (!(yield* endpoints.delete(actor.account.id, id))) return yield* notFound("webhookEndpoint", id)
      })

      const listDeliveries = Actor.guarded("Webhooks.deliveries", "settings.read", deliveries.list)

      const resend = Effect.fn("Webhooks.resend")(function* (actor: Actor.Actor, id: string) {
        yield* Actor.require(actor, "webhooks.manage")
        const current = yield* deliveries.findById(actor.account.id, id).pipe(orNotFound("webhookDelivery", id))
        if (!(yield* deliveries.resend(actor.account.id, id, yield* DateTime.now))) {
          return yield* new WebhooksError({
            reason: new DeliveryNotResendable({ deliveryId: id, status: current.status })
          })
        }
        return Option.getOrElse(yield* deliveries.findById(actor.account.id, id), () => current)
      })

      const resendEndpoint = Effect.fn("Webhooks.resendEndpoint")(function* (
        actor: Actor.Actor,
        endpointId: string,
        since: DateTime.Utc
      ) {
        yield* Actor.require(actor, "webhooks.manage")
        yield* find(actor.account.id, endpointId)
        return yield* deliveries.resendExhausted(actor.account.id, endpointId, since, yield* DateTime.now)
      })

      return Webhooks.of({
        create,
        list,
        update,
        delete: remove,
        deliveries: listDeliveries,
        resend,
        resendEndpoint
      })
    })
  )

  /**
   * Wraps the store's outbox: each appended event also becomes one `pending` delivery per matching
   * active endpoint, in the caller's transaction. The stored payload carries no coupon code.
   */
  static readonly layerFanOut = Layer.effect(
    EventOutbox,
    Effect.gen(function* () {
      const inner = yield* EventOutbox
      const endpoints = yield* Webhook.EndpointRepo
      const deliveries = yield* Webhook.DeliveryRepo
      return EventOutbox.of({
        append: (event) =>
          Effect.gen(function* () {
            const { event: safe, deliveries: made } = yield* Webhook.fanOut(
              event,
              yield* endpoints.activeFor(event.accountId, event.type)
            )
            yield* inner.append(safe)
            if (made.length > 0) yield* deliveries.insertMany(made)
          })
      })
    })
  )
}
