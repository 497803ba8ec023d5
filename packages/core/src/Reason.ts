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

/**
 * A reason class whose message never varies: `Schema.TaggedError` with `message` as its default
 * message.
 */
export const withMessage =
  <Self>() =>
  <const Tag extends string, const Fields extends Schema.Struct.Fields>(
    tag: Tag,
    fields: Fields,
    message: string
  ): Schema.Class<Self, Schema.TaggedStruct<Tag, Fields>, Cause.YieldableError> => {
    const Base = Schema.TaggedError<Self>()(tag, fields) as unknown as new (
      props: object,
      options?: Schema.MakeOptions
    ) => Cause.YieldableError
    return class extends Base {
      override get message(): string {
        return message
      }
    } as unknown as Schema.Class<Self, Schema.TaggedStruct<Tag, Fields>, Cause.YieldableError>
  }
