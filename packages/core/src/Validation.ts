/**
 * Decoding untrusted input against a schema, reporting every failing field as an
 * `InvalidFields`, whose `details` carry dot-separated paths
 * (`betweenCampaigns.title`).
 *
 * @since 0.1.0
 */
import { Effect, Schema, SchemaIssue } from "effect"
import { type Detail, InvalidFields } from "./Failure.ts"

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

const MAX_MESSAGE = 300

/**
 * The most `details` items an answer lists: a body of 20,000 bad items would otherwise answer a
 * larger body than it sent. The last item listed says how many more were left out.
 */
export const MAX_DETAILS = 100

/** Joins a property path into the specification's dot form; an empty path becomes `prefix` or `body`. */
export const pathToString = (
  path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>,
  prefix?: string
): string => {
  const parts = [
    ...(prefix === undefined || prefix === "" ? [] : [prefix]),
    ...path.map((p) => String(typeof p === "object" ? p.key : p))
  ]
  return parts.length === 0 ? "body" : parts.join(".")
}

/** Turns a schema issue into the specification's `details` items. */
export const issueToDetails = (issue: SchemaIssue.Issue, prefix?: string): Array<Detail> => {
  const { issues } = formatter(issue)
  const seen = new Set<string>()
  const out: Array<Detail> = []
  for (const item of issues) {
    const path = pathToString(item.path ?? [], prefix)
    const message = item.message.length > MAX_MESSAGE ? `${item.message.slice(0, MAX_MESSAGE)}…` : item.message
    const key = `${path}\u0000${message}`
    if (!seen.has(key)) {
      seen.add(key)
      out.push({ path, message })
    }
  }
  if (out.length <= MAX_DETAILS) return out
  const last = out[MAX_DETAILS - 1]!
  const more = out.length - MAX_DETAILS
  return [
    ...out.slice(0, MAX_DETAILS - 1),
    { path: last.path, message: `${last.message} (and ${more} more invalid field${more === 1 ? "" : "s"} not listed)` }
  ]
}

/** The `InvalidFields` for a list of failing fields. */
export const invalid = (details: ReadonlyArray<Detail>): InvalidFields => new InvalidFields({ details })

/** Turns a `SchemaError` into an `InvalidFields`. */
export const fromSchemaError = (error: Schema.SchemaError, prefix?: string): InvalidFields =>
  invalid(issueToDetails(error.issue, prefix))

/**
 * Decodes `input` with `schema`, collecting every issue. Paths are prefixed with `prefix`
 * (for example `config` when a game config is checked on its own).
 */
export const decode = <S extends Schema.Decoder<unknown>>(schema: S, options?: { readonly prefix?: string }) => {
  const run = Schema.decodeUnknownEffect(schema)
  return (input: unknown): Effect.Effect<S["Type"], InvalidFields, S["DecodingServices"]> =>
    run(input, { errors: "all", onExcessProperty: "ignore" }).pipe(
      Effect.mapError((error) => fromSchemaError(error, options?.prefix))
    )
}
