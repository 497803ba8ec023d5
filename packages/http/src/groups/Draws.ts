/**
 * Draws: winner selection runs (trigger, list, read, verify, audit).
 *
 * @since 0.1.0
 */
import { DrawAudit, DrawRun, Pagination } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import * as ApiError from "../ApiError.ts"
import * as Endpoint from "./Endpoint.ts"

const params = Endpoint.idParam("id")
const runParams = { ...params, ...Endpoint.idParam("runId") }
const One = Schema.Struct({ run: DrawRun.RunView })

export class DrawsApi extends Endpoint.keyed(
  HttpApiGroup.make("draws")
    .add(
      Endpoint.permitted(
        HttpApiEndpoint.post("trigger", "/:id/winner-selection/trigger", {
          params,
          payload: Endpoint.noBody,
          success: One,
          error: [ApiError.NotFound, ApiError.Conflict]
        }).pipe(Endpoint.rateLimited(Endpoint.perMinute("draws.trigger", 30))),
        ["draws.run"],
        "Draw winners now",
        "Permission draws.run; 30 a minute per key (X-RateLimit-Limit, X-RateLimit-Remaining; 429 with Retry-After). Body `{}` (or none). Draws up to maxWinners winners from the campaign's eligible entries in its window (winnerSelectionAlgorithm, winnerSelectionConfig), each participant once, leaving out the winners of its earlier runs, with a fresh crypto-strong seed; the run is kept and listed for good, `winner_selected` is sent and the winners are granted. Only on a campaign whose winnerSelectionTrigger is manual (409 otherwise: its draws are automatic, their seeds committed in advance)."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.get("runs", "/:id/winner-selection/runs", {
          params,
          query: Pagination.query(Pagination.Defaults.runs),
          success: Endpoint.page("runs", DrawRun.RunView),
          error: ApiError.NotFound
        }),
        ["results.read"],
        "List a campaign's draw runs",
        "Permission results.read. Every run of the campaign (by hand, after each play, scheduled), newest first; limit default 50, max 200."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.get("run", "/:id/winner-selection/runs/:runId", {
          params: runParams,
          success: One,
          error: ApiError.NotFound
        }),
        ["results.read"],
        "Get a draw run",
        "Permission results.read. The run: its algorithm and version, rules, seed, seedCommitment (and chainPosition, for an automatic run), winning moment (after-each-play runs in a window with an end), entriesConsidered, entriesHash and winners with the campaign's prize at draw time."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.post("verify", "/:id/winner-selection/runs/:runId/verify", {
          params: runParams,
          payload: Endpoint.noBody,
          success: Schema.Struct({ verified: Schema.Boolean, winners: Schema.Array(DrawAudit.RecomputedWinner) }),
          error: ApiError.NotFound
        }).pipe(Endpoint.rateLimited(Endpoint.perMinute("draws.verify", 30))),
        ["results.read"],
        "Verify a draw run",
        "Permission results.read; 30 a minute per key, like the draw (X-RateLimit-Limit, X-RateLimit-Remaining; 429 with Retry-After). Memory bounded whatever the campaign's size: the entries are read from the store in pages of 2,000 in the listing's order through an incremental SHA-256, and the winners recomputed by the store's selection. Recomputes the run from the entries as stored now and its seed: the same entries considered (count and listing hash, entries written after the run left out), the same winners, the seed opening its commitment, the winning moment where the seed places it. `verified` is false when anything differs (an entry changed since the draw); `winners` are the recomputed ones."
      ),
      Endpoint.permitted(
        HttpApiEndpoint.get("audit", "/:id/winner-selection/runs/:runId/audit", {
          params: runParams,
          success: DrawAudit.Audit,
          error: ApiError.NotFound
        }).pipe(Endpoint.rateLimited(Endpoint.perMinute("draws.audit", 30))),
        ["results.read"],
        "Get a draw run's audit document",
        "Permission results.read; 30 a minute per key, like the draw (X-RateLimit-Limit, X-RateLimit-Remaining; 429 with Retry-After). The document is streamed: its entries are read from the store in pages of 2,000 and written as they are read (chunked), so the server holds one page whatever the campaign's size; a store failure midway cuts the answer short (its JSON then does not parse). Everything a third party needs to recompute the run offline (examples/verify-draw, or `verifyDraw` of @campaign-games/core): the run, the campaign's published commitment, the participants earlier runs excluded, and the considered entries in the listing's order. docs/draws.md states the rules."
      )
    )
    .prefix("/v1/game-instances"),
  "Draws",
  "Winner selection: draws by hand, after each play (winning moments over a window with an end; otherwise a draw of one winner after each eligible play) and at a scheduled time, each run kept with what it takes to verify it."
) {}
