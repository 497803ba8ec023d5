/**
 * Unauthenticated system endpoints: a health check for load balancers and readiness probes.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Endpoint from "./Endpoint.ts"

export class SystemApi extends HttpApiGroup.make("system")
  .add(
    HttpApiEndpoint.get("health", "/health", {
      success: Schema.Struct({ status: Schema.Literal("ok") })
    }).annotateMerge(Endpoint.describe("Check that the server is alive", "Liveness: answers while the process lives."))
  )
  .annotateMerge(OpenApi.annotations({ title: "System", description: "Health check (no authentication)." })) {}
