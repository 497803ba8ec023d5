/**
 * Unauthenticated system endpoints: a health check for load balancers and readiness probes.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"

export class SystemApi extends HttpApiGroup.make("system")
  .add(
    HttpApiEndpoint.get("health", "/health", {
      success: Schema.Struct({ status: Schema.Literal("ok") })
    })
  )
  .annotateMerge(OpenApi.annotations({ title: "System", description: "Health check (no authentication)." })) {}
