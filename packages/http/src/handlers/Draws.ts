/**
 * Handlers of the draws endpoints (`groups/Draws.ts`): each calls one `Draws` use case as the
 * calling key's actor and answers the run (or the list, the verification, the audit document).
 *
 * @since 0.1.0
 */
import { DrawAudit, DrawRun, Draws, Pagination } from "@campaign-games/core"
import { Effect, Schema, Stream } from "effect"
import { HttpServerResponse } from "effect/http"
import { Api } from "../Api.ts"
import { CurrentActor } from "../Security.ts"
import * as Handle from "./Handle.ts"

const one = (run: DrawRun.Run) => ({ run: DrawRun.view(run) })

const encodeAudit = Schema.encodeSync(DrawAudit.Audit)
const encodeEntry = Schema.encodeSync(DrawAudit.AuditEntry)
const EMPTY_ENTRIES = `"entries":[]}`

/**
 * The audit document written as its entries are read: the same JSON text `DrawAudit.Audit` encodes
 * to (its entries are its last field), a page of entries at a time.
 */
const streamedAudit = ({ entries, head }: Draws.StreamedAudit) => {
  const whole = JSON.stringify(encodeAudit({ ...head, entries: [] }))
  if (!whole.endsWith(EMPTY_ENTRIES)) {
    // Were `entries` ever not the document's last field: the whole document, as the schema writes it.
    return Effect.map(Stream.runCollect(entries), (all) =>
      HttpServerResponse.jsonUnsafe(encodeAudit({ ...head, entries: Array.from(all) }))
    )
  }
  const opening = `${whole.slice(0, whole.length - EMPTY_ENTRIES.length)}"entries":[`
  let first = true
  const body = Stream.concat(
    Stream.make(opening),
    Stream.concat(
      Stream.mapArray(entries, (page) => {
        let text = ""
        for (const entry of page) {
          text += `${first ? "" : ","}${JSON.stringify(encodeEntry(entry))}`
          first = false
        }
        return [text]
      }),
      Stream.make("]}")
    )
  ).pipe(Stream.encodeText)
  return Effect.succeed(HttpServerResponse.stream(body, { contentType: "application/json" }))
}

export const DrawsHandlers = Handle.group(Api, "draws", Draws.Draws, (handlers, draws) =>
  handlers
    .handle("trigger", ({ params }) => Handle.asActor((actor) => draws.trigger(actor, params.id), one))
    .handle("runs", ({ params, query }) =>
      Handle.list(query, Pagination.Defaults.runs, "runs", DrawRun.view, (actor, page) =>
        draws.runs(actor, params.id, page)
      )
    )
    .handle("run", ({ params }) => Handle.asActor((actor) => draws.run(actor, params.id, params.runId), one))
    .handle("verify", ({ params }) =>
      Handle.asActor(
        (actor) => draws.verify(actor, params.id, params.runId),
        (verified) => verified
      )
    )
    .handle("audit", ({ params }) =>
      CurrentActor.use((actor) => Effect.flatMap(draws.auditStream(actor, params.id, params.runId), streamedAudit))
    )
)
