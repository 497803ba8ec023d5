/**
 * What the API says of a reason (its message and the fields it names), and the shape of the tables
 * that say it: `ApiError`'s table of the engine's shared reasons and the server's own, joined with
 * one table per subsystem (`DrawsSaid`, `RewardsSaid`, `MediaSaid`), each typed over every reason of
 * its subsystem.
 *
 * @since 0.1.0
 */
import type { Errors } from "@campaign-games/core"

/** What the API says of a failure: its message, and the fields it names. */
export interface Said {
  readonly message: string
  readonly details?: ReadonlyArray<Errors.Detail> | undefined
}

/** What a reason offers: its message and, where fields are at fault, their details. */
interface Saying {
  readonly message: string
  readonly details?: ReadonlyArray<Errors.Detail> | undefined
}

/** The engine's own message and details. */
export const asIs = (reason: Saying): Said => ({ message: reason.message, details: reason.details })

/** A table saying each reason of `R`, by its tag. */
export type SayingOf<R extends { readonly _tag: string }> = {
  readonly [Tag in R["_tag"]]: (reason: Extract<R, { readonly _tag: Tag }>) => Said
}
