/**
 * Handlers of the channel endpoints (`groups/Channels.ts`): each calls one `Channels` use case as the
 * calling key's actor and answers `{ channel }` (or the list).
 *
 * @since 0.1.0
 */
import { Channel, Channels, Pagination } from "@campaign-games/core"
import { Api } from "../Api.ts"
import * as Handle from "./Handle.ts"

const one = (channel: Channel.Channel) => ({ channel: Channel.view(channel) })

export const ChannelsHandlers = Handle.group(Api, "channels", Channels.Channels, (handlers, channels) =>
  handlers
    .handle("create", ({ payload }) => Handle.asActor((actor) => channels.create(actor, payload), one))
    .handle("list", ({ query }) =>
      Handle.list(query, Pagination.Defaults.channels, "channels", Channel.view, (actor, page) =>
        channels.list(actor, page)
      )
    )
    .handle("get", ({ params }) => Handle.asActor((actor) => channels.get(actor, params.channelId), one))
    .handle("update", ({ params, payload }) =>
      Handle.asActor((actor) => channels.update(actor, params.channelId, payload), one)
    )
    .handle("delete", ({ params }) =>
      Handle.deleteAsActor((actor) => channels.delete(actor, params.channelId), params.channelId)
    )
)
