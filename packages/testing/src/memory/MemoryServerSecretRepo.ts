/**
 * `ServerSecretRepo` in memory: a named secret keeps the first value it was created with, and a
 * later `getOrCreate` answers that value whatever candidate it brings.
 *
 * @since 0.1.0
 */
import { ServerSecretRepo } from "@campaign-games/core/play/ClientToken"
import { Effect, Layer } from "effect"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** `ServerSecretRepo` over the server secrets table of the database. */
export const layer: Layer.Layer<ServerSecretRepo, never, MemoryDatabase> = repository(
  ServerSecretRepo,
  ({ serverSecrets }) => {
    return ServerSecretRepo.of({
      getOrCreate: Effect.fnUntraced(function* (name, candidate) {
        const stored = serverSecrets.get(name)
        if (stored !== undefined) return stored
        yield* serverSecrets.set(name, candidate)
        return candidate
      })
    })
  }
)
