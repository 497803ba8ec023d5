/**
 * Webhook endpoints, the delivery log, and resending.
 *
 * @since 0.1.0
 */
import { Fields, Pagination, Webhook } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import * as Endpoint from "./Endpoint.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope for the emitted declarations (TS2883)
import type { Errors } from "@campaign-games/core"

const endpointId = Endpoint.idParam("endpointId")
const One = Schema.Struct({ endpoint: Webhook.EndpointView })
const endpointsQuery = Endpoint.listQuery(Pagination.Defaults.endpoints, ["createdAt", "url"], Webhook.EndpointStatus)
const deliveriesQuery = Endpoint.listQuery(
  Pagination.Defaults.deliveries,
  ["createdAt", "status"],
  Webhook.DeliveryStatus
)

export class WebhooksApi extends Endpoint.keyed(
  HttpApiGroup.make("webhooks")
    .add(
      Endpoint.permitted(
        Endpoint.create(
          "create",
          "/endpoints",
          Webhook.CreateEndpoint,
          "endpoint",
          Webhook.CreatedEndpointView,
          ApiError.UpgradeRequired
        ),
        ["webhooks.manage"],
        "Create a webhook endpoint",
        "Permission webhooks.manage; plan feature Webhooks; plan limit webhook endpoints. The URL must be https and its host resolve to public addresses. includeCouponCodes also needs rewards.codes.manage. The `whsec_` secret is shown only in this response."
      ),
      Endpoint.permitted(
        Endpoint.list("list", "/endpoints", endpointsQuery, "endpoints", Webhook.EndpointView),
        ["settings.read"],
        "List webhook endpoints",
        "Permission settings.read. No secrets. search: part of the URL (any case); sort createdAt (default) or url; dir desc (default) or asc; limit default 50, max 200."
      ),
      Endpoint.permitted(
        Endpoint.updateById("update", "/endpoints/:endpointId", "endpointId", Webhook.UpdateEndpoint, One, [
          ApiError.NotFound,
          ApiError.UpgradeRequired
        ]),
        ["webhooks.manage"],
        "Update a webhook endpoint",
        "Permission webhooks.manage; plan feature Webhooks. At least one of status, events, gameInstanceIds, channelIds, includeCouponCodes (turning it on needs rewards.codes.manage). The URL cannot be changed (400)."
      ),
      Endpoint.permitted(
        Endpoint.deleteById("delete", "/endpoints/:endpointId", "endpointId"),
        ["webhooks.manage"],
        "Delete a webhook endpoint",
        "Permission webhooks.manage. Deletes the endpoint and its delivery log."
      ),
      Endpoint.permitted(
        Endpoint.list("deliveries", "/deliveries", deliveriesQuery, "deliveries", Webhook.DeliveryView),
        ["settings.read"],
        "List webhook deliveries",
        "Permission settings.read. Newest first by default; each record with the payload sent (never a coupon code). search: part of the event type; sort createdAt or status; limit default 50, max 200."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.post("resend", "/deliveries/:deliveryId/resend", {
          params: Endpoint.idParam("deliveryId"),
          payload: Endpoint.noBody,
          success: Schema.Struct({ delivery: Webhook.DeliveryView }),
          error: [ApiError.NotFound, ApiError.Conflict]
        }),
        ["webhooks.manage"],
        "Resend a webhook delivery",
        "Beyond the specification. Permission webhooks.manage. Sends a failed or exhausted delivery again, with the same id and a fresh budget of five attempts. Other statuses: 409."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.post("resendEndpoint", "/endpoints/:endpointId/resend", {
          params: endpointId,
          payload: Schema.Struct({ since: Fields.DateTimeInput }),
          success: Schema.Struct({ resent: Fields.Count }),
          error: ApiError.NotFound
        }),
        ["webhooks.manage"],
        "Resend an endpoint's failed deliveries",
        "Beyond the specification. Permission webhooks.manage. Sends again every exhausted delivery of the endpoint created at or after `since`, each with its id and a fresh attempt budget."
      )
    )
    .prefix("/v1/tenant/webhooks"),
  "Webhooks",
  "Endpoints that receive signed events, and the record of their deliveries."
) {}
