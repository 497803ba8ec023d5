/**
 * `ServerSecretRepo` in memory: a named secret keeps the first value it was created with, and a
 * later `getOrCreate` answers that value whatever candidate it brings.
 *
 * @since 0.1.0
 */
import { ClientToken } from "@campaign-games/core"
import { Effect, Layer } from "effect"
import { type MemoryDatabase, repository } from "../MemoryDatabase.ts"

/** `ServerSecretRepo` over the server secrets table of the database. */
export const layer: Layer.Layer<ClientToken.ServerSecretRepo, never, MemoryDatabase> = repository(
  ClientToken.ServerSecretRepo,
  ({ serverSecrets }) => {
    return ClientToken.ServerSecretRepo.of({
      getOrCreate: Effect.fnUntraced(function* (name, candidate) {
        const stored = serverSecrets.get(name)
        if (stored !== undefined) return stored
        yield* serverSecrets.set(name, candidate)
        return candidate
      })
    })
  }
)
