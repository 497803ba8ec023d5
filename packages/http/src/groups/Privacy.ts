/**
 * Participants' data: a player's export and erasure (`/v1/participants`), the account's retention
 * period and the record of erasures (`/v1/tenant/privacy`). A participant reference is personal
 * data: it travels in request bodies only, never in a URL.
 *
 * @since 0.1.0
 */
import { Pagination, Participants, Privacy } from "@campaign-games/core"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import * as Endpoint from "./Endpoint.ts"

const Settings = Schema.Struct({ privacy: Privacy.PrivacySettings })

export class PrivacyApi extends Endpoint.keyed(
  HttpApiGroup.make("privacy").add(
    Endpoint.permitted(
      HttpApiEndpoint.post("export", "/v1/participants/export", {
        payload: Privacy.ParticipantRequest,
        success: Schema.Struct({ participant: Participants.ParticipantView })
      }).pipe(Endpoint.rateLimited(Endpoint.perMinute("participants.export", 60))),
      ["privacy.manage"],
      "Export a player's data",
      "Permission privacy.manage; 60 a minute per key. Body `{ participantRef }` (1 to 200 characters). Everything this account holds on the player, across campaigns, oldest first: sessions, entries, grants with their full codes (the export is the player's own data), draw wins, and webhook deliveries whose payload carries the reference. An unknown player (or one already erased) answers the same shape with empty lists."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.post("erase", "/v1/participants/erase", {
        payload: Privacy.ParticipantRequest,
        success: Schema.Struct({ erasure: Privacy.ErasureView })
      }).pipe(Endpoint.rateLimited(Endpoint.perMinute("participants.erase", 60))),
      ["privacy.manage"],
      "Erase a player",
      "Permission privacy.manage; 60 a minute per key. Body `{ participantRef }`. Replaces every stored copy of the reference in the account (sessions, entries, grants, draw runs and their audits, events and webhook payloads) by `pseudonym`, `erased_` and 24 hex characters (an HMAC of the reference under a secret of the account), in one transaction. Rows stay, so counts, limits and statistics do not change; a pending delivery goes out carrying the pseudonym; draw runs still verify. Answers the rows changed per place (`drawWins` counts winner rows); erasing again answers zero counts. After it, a play under the reference is a new player. Every erasure is recorded (GET /v1/tenant/privacy/erasures)."
    ),
    Endpoint.permitted(
      Endpoint.list(
        "erasures",
        "/v1/tenant/privacy/erasures",
        Pagination.query(Pagination.Defaults.erasures),
        "erasures",
        Privacy.ErasureRecordView
      ),
      ["privacy.manage"],
      "List the erasures",
      "Permission privacy.manage. The record of erasures, newest first, each the erasure's answer plus `reason` (`request` or `retention`); no references. An erasure that changed nothing is recorded too (requests only: the retention worker records those that changed rows). limit default 50, max 200."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.get("settings", "/v1/tenant/privacy", { success: Settings }),
      ["privacy.manage"],
      "Get the privacy settings",
      "Permission privacy.manage. `retentionDays`: 730 unless set."
    ),
    Endpoint.permitted(
      HttpApiEndpoint.put("setSettings", "/v1/tenant/privacy", { payload: Privacy.PrivacySettings, success: Settings }),
      ["privacy.manage"],
      "Set the privacy settings",
      "Permission privacy.manage. `retentionDays`, an integer from 7 to 730: a play's personal data is erased (as by POST /v1/participants/erase, recorded with reason `retention`) once that many days have passed since the later of the play and its campaign's end (`liveUntil`; an archived campaign's archiving). A campaign that has not ended never loses its players."
    )
  ),
  "Participants' data",
  "Export and erasure of a player's data, the retention period, the record of erasures."
) {}
