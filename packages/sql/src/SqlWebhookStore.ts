/**
 * The webhook repositories over effect/sql (`SqlEndpointRepo`, `SqlDeliveryRepo`) and the notices of
 * new deliveries (`SqlDeliveryNotices`: `LISTEN/NOTIFY`) as one layer (`StorePorts.WebhookRepos`).
 * `SqlStore.layer` includes them; this layer serves where only the webhook ports are wanted.
 *
 * @since 0.1.0
 */
import type { StorePorts } from "@campaign-games/core"
import { Layer } from "effect"
import type { SqlClient } from "effect/sql"
import * as SqlDeliveryNotices from "./SqlDeliveryNotices.ts"
import * as SqlDeliveryRepo from "./SqlDeliveryRepo.ts"
import * as SqlEndpointRepo from "./SqlEndpointRepo.ts"

/** `EndpointRepo`, `DeliveryRepo` and `DeliveryNotices` over a migrated database. */
export const layer: Layer.Layer<StorePorts.WebhookRepos, never, SqlClient.SqlClient> = Layer.mergeAll(
  SqlEndpointRepo.layer,
  SqlDeliveryRepo.layer,
  SqlDeliveryNotices.layer
)
