/**
 * The pieces the endpoint definitions of the groups share: the description and permissions every
 * authenticated endpoint carries (`permitted`), the answer of a deletion (`Deleted`) and the query
 * of a searchable, sortable list (`listQuery`). One place, so that each group says only what is its
 * own and the OpenAPI document says the same thing the same way everywhere.
 *
 * @since 0.1.0
 */
import { Pagination } from "@campaign-games/core"
import type { Permission } from "@campaign-games/core"
import { Schema } from "effect"
import type { Context } from "effect"
import { OpenApi } from "effect/http-api"
import { RequiredPermissions } from "../Security.ts"

/**
 * The OpenAPI summary of an endpoint (a short title, as generated clients and docs list it) and its
 * description when it has more to say.
 */
export const describe = (summary: string, description?: string) =>
  OpenApi.annotations(description === undefined ? { summary } : { summary, description })

/** What `permitted` needs of an endpoint: its two ways of taking annotations. */
interface Annotatable {
  annotate<I, S>(key: Context.Key<I, S>, value: S): Annotatable
  annotateMerge<I>(annotations: Context.Context<I>): Annotatable
}

/** Annotates `endpoint` with the permissions a key must hold for it and its OpenAPI summary and description. */
export const permitted = <E extends Annotatable>(
  endpoint: E,
  permissions: ReadonlyArray<Permission.Permission>,
  summary: string,
  description: string
): E =>
  // `annotate` and `annotateMerge` keep every type parameter of the endpoint: the result is an `E`.
  endpoint.annotate(RequiredPermissions, permissions).annotateMerge(describe(summary, description)) as unknown as E

/** The answer of a deletion: `{ deleted: true, id }`. */
export const Deleted = Schema.Struct({ deleted: Schema.Boolean, id: Schema.String })

const Dir = Schema.Literals(["asc", "desc"])

/**
 * The query of a list that pages (`Pagination.query`), searches (up to 200 characters), sorts by one
 * of `sorts` in either direction and filters by `status`.
 */
export const listQuery = <const Sorts extends ReadonlyArray<string>, Status extends Schema.Top>(
  defaults: { readonly default: number; readonly max: number },
  sorts: Sorts,
  status: Status
) => ({
  ...Pagination.query(defaults),
  search: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  sort: Schema.optionalKey(Schema.Literals(sorts)),
  dir: Schema.optionalKey(Dir),
  status: Schema.optionalKey(status)
})
