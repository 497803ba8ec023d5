/**
 * What this package's PostgreSQL tests share: the server they run on (`DATABASE_URL`; without it
 * their cases are skipped), fresh databases with several server instances on them (each instance with
 * a pool of its own, as servers sharing one database), running an effect on one instance, and the
 * form of a case given the time a fresh database and its pools take.
 */
import { Database } from "@campaign-games/sql"
import { it } from "@effect/vitest"
import { type Context, Effect, Layer, type Scope } from "effect"

/** The PostgreSQL server of the tests (`DATABASE_URL`), or `""` when none is set. */
export const databaseUrl = process.env["DATABASE_URL"] ?? ""

/** Whether the PostgreSQL cases run: `DATABASE_URL` is set. */
export const available = databaseUrl !== ""

/** Runs `effect` on the services of one instance (a built layer's context). */
export const on =
  <R>(context: Context.Context<R>) =>
  <A, E>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E> =>
    Effect.provideContext(effect, context)

/** `count` instances on one fresh database: `instance(url)` built `count` times, each with its own pool. */
export const instances = <ROut, E, RIn>(count: number, instance: (url: string) => Layer.Layer<ROut, E, RIn>) =>
  Effect.gen(function* () {
    const url = yield* Database.testDatabase(databaseUrl)
    return yield* Effect.forEach(Array.from({ length: count }), () => Layer.build(instance(url)))
  })

/** Two instances on one fresh database, `a` and `b`. */
export const twoInstances = <ROut, E, RIn>(instance: (url: string) => Layer.Layer<ROut, E, RIn>) =>
  Effect.map(instances(2, instance), ([a, b]) => ({ a, b }))

/** One instance's store: the migrated store over a pool of `poolSize` connections to the database at `url`. */
export const store = (poolSize: number) => (url: string) => Database.layerPostgres({ url, poolSize })

/** Of two instances, `a` for an even `i` and `b` for an odd one: concurrent work spread over both. */
export const alternate =
  <R>(a: Context.Context<R>, b: Context.Context<R>) =>
  (i: number): Context.Context<R> =>
    i % 2 === 0 ? a : b

/** Enough for a fresh database, its migrations and the pools of several instances. */
const TIMEOUT = 90_000

type Body = () => Generator<Effect.Effect<any, any, Scope.Scope>, void, never>

/** A case on the live clock (instances, pools and their timers all live). */
export const live = (name: string, body: Body) => it.live(name, () => Effect.gen(body), TIMEOUT)

/** A case under a test clock (the instances' workers sleep on it; pools keep the live clock). */
export const underTestClock = (name: string, body: Body) => it.effect(name, () => Effect.gen(body), TIMEOUT)
