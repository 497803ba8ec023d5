/**
 * Handlers of the webhook endpoints (`groups/Webhooks.ts`): endpoints (the secret shown once, at
 * creation), the delivery log and resending, through `Webhooks` as the calling key's actor.
 *
 * @since 0.1.0
 */
import { Pagination, Webhook, Webhooks } from "@campaign-games/core"
import { Api } from "../Api.ts"
import * as Handle from "./Handle.ts"

/** The filter and order of a list (endpoints or deliveries) from its query, with their defaults. */
const listing = <Status, Sort extends string>(query: {
  readonly search?: string | undefined
  readonly status?: Status | undefined
  readonly sort?: Sort | undefined
  readonly dir?: "asc" | "desc" | undefined
}) => ({
  search: Handle.search(query.search),
  status: query.status,
  sort: query.sort ?? ("createdAt" as const),
  dir: query.dir ?? "desc"
})

export const WebhooksHandlers = Handle.group(Api, "webhooks", Webhooks.Webhooks, (handlers, webhooks) =>
  handlers
    .handle("create", ({ payload }) =>
      Handle.asActor(
        (actor) => webhooks.create(actor, payload),
        (endpoint) => ({ endpoint: { ...Webhook.view(endpoint), secret: endpoint.secret } })
      )
    )
    .handle("list", ({ query }) =>
      Handle.list(query, Pagination.Defaults.endpoints, "endpoints", Webhook.view, (actor, page) =>
        webhooks.list(actor, listing(query), page)
      )
    )
    .handle("update", ({ params, payload }) =>
      Handle.asActor(
        (actor) => webhooks.update(actor, params.endpointId, payload),
        (endpoint) => ({ endpoint: Webhook.view(endpoint) })
      )
    )
    .handle("delete", ({ params }) =>
      Handle.deleteAsActor((actor) => webhooks.delete(actor, params.endpointId), params.endpointId)
    )
    .handle("deliveries", ({ query }) =>
      Handle.list(query, Pagination.Defaults.deliveries, "deliveries", Webhook.deliveryView, (actor, page) =>
        webhooks.deliveries(actor, listing(query), page)
      )
    )
    .handle("resend", ({ params }) =>
      Handle.asActor(
        (actor) => webhooks.resend(actor, params.deliveryId),
        (delivery) => ({ delivery: Webhook.deliveryView(delivery) })
      )
    )
    .handle("resendEndpoint", ({ params, payload }) =>
      Handle.asActor(
        (actor) => webhooks.resendEndpoint(actor, params.endpointId, payload.since),
        (resent) => ({ resent })
      )
    )
)
