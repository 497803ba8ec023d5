/**
 * Handlers of the draws endpoints (`groups/Draws.ts`): each calls one `Draws` use case as the
 * calling key's actor and answers the run (or the list, the verification, the audit document).
 *
 * @since 0.1.0
 */
import { DrawRun, Draws, Pagination } from "@campaign-games/core"
import { Api } from "../Api.ts"
import * as Handle from "./Handle.ts"

const one = (run: DrawRun.Run) => ({ run: DrawRun.view(run) })

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
      Handle.asActor(
        (actor) => draws.audit(actor, params.id, params.runId),
        (audit) => audit
      )
    )
)
