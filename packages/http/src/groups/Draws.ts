/**
 * Draws: winner selection runs (trigger, list, read, verify, audit).
 *
 * @since 0.1.0
 */
import { HttpApiGroup } from "effect/http-api"

export class DrawsApi extends HttpApiGroup.make("draws") {}
