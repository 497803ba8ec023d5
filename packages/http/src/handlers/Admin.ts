/**
 * Handlers of the operator API (`groups/Admin.ts`): create an account with its owner key, change an
 * account's plan, features and limits, through `Accounts`. The operator token is checked by
 * `AdminAuth` before they run.
 *
 * @since 0.1.0
 */
import { Account, Accounts } from "@campaign-games/core"
import { Effect } from "effect"
import { Api } from "../Api.ts"
import * as Handle from "./Handle.ts"

export const AdminHandlers = Handle.group(Api, "admin", Accounts.Accounts, (handlers, accounts) =>
  handlers
    .handle("createAccount", ({ payload }) =>
      accounts.create(payload).pipe(Effect.map(({ account, apiKey }) => ({ account: Account.view(account), apiKey })))
    )
    .handle("updateAccount", ({ params, payload }) =>
      accounts.update(params.accountId, payload).pipe(Effect.map((account) => ({ account: Account.view(account) })))
    )
)
