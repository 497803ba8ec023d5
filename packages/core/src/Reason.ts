/**
 * The makings of an error reason, shared by `Errors` and by the reason modules of each subsystem
 * (`draws/DrawErrors.ts`, `rewards/RewardErrors.ts`, `media/MediaErrors.ts`), which `Errors` joins
 * into its categories. Imports only `effect`, so a subsystem's reasons never import `Errors` (which
 * imports them).
 *
 * @since 0.1.0
 */
import { type Cause, Schema } from "effect"

/** One failing field: `path` is dot separated (`betweenCampaigns.title`, `tiers.0.display.title`). */
export const Detail = Schema.Struct({
  path: Schema.String,
  message: Schema.String
})
export type Detail = typeof Detail.Type

/** The failing fields of a reason. */
export const Details = Schema.Array(Detail)

/** What a reason says of itself (its message, its details): always the same, or made from its fields. */
export type Said<Fields extends Schema.Struct.Fields, A> = A | ((reason: Schema.Struct.Type<Fields>) => A)

const say = <Fields extends Schema.Struct.Fields, A>(said: Said<Fields, A>, reason: object): A =>
  typeof said === "function" ? (said as (reason: Schema.Struct.Type<Fields>) => A)(reason as never) : said

/**
 * A reason class with its default message: `Schema.TaggedError` whose `message` is `message`, or
 * made by it from the reason's fields.
 */
export const withMessage =
  <Self>() =>
  <const Tag extends string, const Fields extends Schema.Struct.Fields>(
    tag: Tag,
    fields: Fields,
    message: Said<Fields, string>
  ): Schema.Class<Self, Schema.TaggedStruct<Tag, Fields>, Cause.YieldableError> => {
    const Base = Schema.TaggedError<Self>()(tag, fields) as unknown as new (
      props: object,
      options?: Schema.MakeOptions
    ) => Cause.YieldableError
    return class extends Base {
      override get message(): string {
        return say(message, this)
      }
    } as unknown as Schema.Class<Self, Schema.TaggedStruct<Tag, Fields>, Cause.YieldableError>
  }

/**
 * A reason class about fields of the request (`withMessage`) whose `details` name them: each a dot
 * path and what is wrong there, made from the reason's fields.
 */
export const withDetails =
  <Self>() =>
  <const Tag extends string, const Fields extends Schema.Struct.Fields>(
    tag: Tag,
    fields: Fields,
    message: Said<Fields, string>,
    details: (reason: Schema.Struct.Type<Fields>) => ReadonlyArray<Detail>
  ): Schema.Class<
    Self,
    Schema.TaggedStruct<Tag, Fields>,
    Cause.YieldableError & { readonly details: ReadonlyArray<Detail> }
  > => {
    const Base = withMessage<Self>()(tag, fields, message) as unknown as new (
      props: object,
      options?: Schema.MakeOptions
    ) => Cause.YieldableError
    return class extends Base {
      get details(): ReadonlyArray<Detail> {
        return say(details, this)
      }
    } as unknown as Schema.Class<
      Self,
      Schema.TaggedStruct<Tag, Fields>,
      Cause.YieldableError & { readonly details: ReadonlyArray<Detail> }
    >
  }
