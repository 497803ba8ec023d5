/**
 * Serves the shop (`App.make`) with the Campaign Games API mounted, on Node (`@hono/node-server`):
 * the API's engine is built and ready before the port opens, and `close` stops accepting
 * connections, then disposes of the engine. `main.ts` runs it from the environment; the test runs it
 * on a free port with the store it chooses.
 *
 * @since 0.1.0
 */
import { once } from "node:events"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { StorePorts } from "@campaign-games/core"
import { createAdaptorServer } from "@hono/node-server"
import type { Layer } from "effect"
import * as App from "./App.ts"
import * as CampaignGamesApi from "./CampaignGamesApi.ts"

export interface Options<E> extends Omit<CampaignGamesApi.Options<E>, "publicUrl"> {
  readonly host: string
  /** 0 picks a free port. */
  readonly port: number
  /** Where the application is reached from outside (the base of media URLs); default `http://host:port`, so give it with port 0. */
  readonly publicUrl?: string | undefined
  readonly embedOrigins: ReadonlyArray<string>
  readonly store: Layer.Layer<StorePorts.StoreServices, E>
}

export interface Running {
  /** `http://host:port`, the port the server listens on. */
  readonly url: string
  readonly close: () => Promise<void>
}

/** Starts the shop: the engine first (it must answer `/ready`), then the HTTP server; fails if either cannot start. */
export const start = async <E>(options: Options<E>): Promise<Running> => {
  const publicUrl = options.publicUrl ?? `http://${options.host}:${options.port}`
  const api = CampaignGamesApi.make({ ...options, publicUrl })
  const app = App.make({ api: api.handler, embedOrigins: options.embedOrigins })
  // Keeps Node's own Request and Response: the shop's process is not altered for other code.
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server
  try {
    // The engine answers `/ready` before the shop listens; `once` rejects on an "error" (the port taken, say).
    await api.whenReady()
    await once(server.listen(options.port, options.host), "listening")
  } catch (error) {
    await api.dispose()
    throw error
  }
  const close = async () => {
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    await api.dispose()
  }
  return { url: `http://${options.host}:${(server.address() as AddressInfo).port}`, close }
}
