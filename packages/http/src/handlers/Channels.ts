/**
 * Handlers of the channel endpoints (`groups/Channels.ts`): each calls one `Channels` use case as the
 * calling key's actor and answers `{ channel }` (or the list).
 *
 * @since 0.1.0
 */
import { Channel, Channels, Pagination } from "@campaign-games/core"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../Api.ts"
import { CurrentActor } from "../Security.ts"

const one = (channel: Channel.Channel) => ({ channel: Channel.view(channel) })

export const ChannelsHandlers = HttpApiBuilder.group(
  Api,
  "channels",
  Effect.fnUntraced(function* (handlers) {
    const channels = yield* Channels.Channels
    return handlers
      .handle("create", ({ payload }) =>
        CurrentActor.use((actor) => channels.create(actor, payload)).pipe(Effect.map(one))
      )
      .handle("list", ({ query }) =>
        CurrentActor.use((actor) =>
          channels.list(actor, Pagination.page(query, Pagination.Defaults.channels.default))
        ).pipe(Effect.map(({ items, total }) => ({ channels: items.map(Channel.view), total })))
      )
      .handle("get", ({ params }) =>
        CurrentActor.use((actor) => channels.get(actor, params.channelId)).pipe(Effect.map(one))
      )
      .handle("update", ({ params, payload }) =>
        CurrentActor.use((actor) => channels.update(actor, params.channelId, payload)).pipe(Effect.map(one))
      )
      .handle("delete", ({ params }) =>
        CurrentActor.use((actor) => channels.delete(actor, params.channelId)).pipe(
          Effect.as({ deleted: true, id: params.channelId })
        )
      )
  })
)
