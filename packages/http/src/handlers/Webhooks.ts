/**
 * Handlers of the webhook endpoints (`groups/Webhooks.ts`): endpoints (the secret shown once, at
 * creation), the delivery log and resending, through `Webhooks` as the calling key's actor.
 *
 * @since 0.1.0
 */
import { Pagination, Webhook, Webhooks } from "@campaign-games/core"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"
import { CurrentActor } from "../Security.ts"

const present = (s: string | undefined) => (s === undefined || s === "" ? undefined : s)

export const WebhooksHandlers = HttpApiBuilder.group(
  Api,
  "webhooks",
  Effect.fnUntraced(function* (handlers) {
    const webhooks = yield* Webhooks.Webhooks
    return handlers
      .handle("create", ({ payload }) =>
        CurrentActor.use((actor) => webhooks.create(actor, payload)).pipe(
          Effect.map((endpoint) => ({ endpoint: { ...Webhook.view(endpoint), secret: endpoint.secret } }))
        )
      )
      .handle("list", ({ query }) =>
        CurrentActor.use((actor) =>
          webhooks.list(
            actor,
            {
              search: present(query.search),
              status: query.status,
              sort: query.sort ?? "createdAt",
              dir: query.dir ?? "desc"
            },
            Pagination.page(query, Pagination.Defaults.endpoints.default)
          )
        ).pipe(Effect.map(({ items, total }) => ({ endpoints: items.map(Webhook.view), total })))
      )
      .handle("update", ({ params, payload }) =>
        CurrentActor.use((actor) => webhooks.update(actor, params.endpointId, payload)).pipe(
          Effect.map((endpoint) => ({ endpoint: Webhook.view(endpoint) }))
        )
      )
      .handle("delete", ({ params }) =>
        CurrentActor.use((actor) => webhooks.delete(actor, params.endpointId)).pipe(
          Effect.as({ deleted: true, id: params.endpointId })
        )
      )
      .handle("deliveries", ({ query }) =>
        CurrentActor.use((actor) =>
          webhooks.deliveries(
            actor,
            {
              search: present(query.search),
              status: query.status,
              sort: query.sort ?? "createdAt",
              dir: query.dir ?? "desc"
            },
            Pagination.page(query, Pagination.Defaults.deliveries.default)
          )
        ).pipe(Effect.map(({ items, total }) => ({ deliveries: items.map(Webhook.deliveryView), total })))
      )
      .handle("resend", ({ params }) =>
        CurrentActor.use((actor) => webhooks.resend(actor, params.deliveryId)).pipe(
          Effect.map((delivery) => ({ delivery: Webhook.deliveryView(delivery) }))
        )
      )
      .handle("resendEndpoint", ({ params, payload }) =>
        CurrentActor.use((actor) => webhooks.resendEndpoint(actor, params.endpointId, payload.since)).pipe(
          Effect.map((resent) => ({ resent }))
        )
      )
  })
)
