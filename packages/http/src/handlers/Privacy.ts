/**
 * Handlers of the participants' data endpoints (`groups/Privacy.ts`): each calls one
 * `Participants` use case as the calling key's actor.
 *
 * @since 0.1.0
 */
import { Pagination, Participants, Privacy } from "@campaign-games/core"
import { Api } from "../Api.ts"
import * as Handle from "./Handle.ts"

export const PrivacyHandlers = Handle.group(Api, "privacy", Participants.Participants, (handlers, participants) =>
  handlers
    .handle("export", ({ payload }) =>
      Handle.asActor(
        (actor) => participants.export(actor, payload.participantRef),
        (participant) => ({ participant })
      )
    )
    .handle("erase", ({ payload }) =>
      Handle.asActor(
        (actor) => participants.erase(actor, payload.participantRef),
        (erasure) => ({ erasure: Privacy.view(erasure) })
      )
    )
    .handle("erasures", ({ query }) =>
      Handle.list(query, Pagination.Defaults.erasures, "erasures", Privacy.recordView, (actor, page) =>
        participants.erasures(actor, page)
      )
    )
    .handle("settings", () =>
      Handle.asActor(
        (actor) => participants.settings(actor),
        (privacy) => ({ privacy })
      )
    )
    .handle("setSettings", ({ payload }) =>
      Handle.asActor(
        (actor) => participants.setSettings(actor, payload),
        (privacy) => ({ privacy })
      )
    )
)
