/**
 * The in-memory database under `MemoryStore`: tables (`Map`s) whose writes are recorded in the undo
 * log of the transaction running on the current fiber, and the transaction combinator that keeps
 * that log.
 *
 * - One semaphore per database serialises transactions, so a transaction never sees another's
 *   writes half done, and locks inside a transaction are not needed.
 * - The current transaction is a fiber-local `Context.Reference` with a key unique to the database,
 *   so fibers forked inside a transaction join it and two databases never mix their logs.
 * - A transaction inside another joins it as a savepoint: when the inner one fails, its own writes
 *   are undone and the outer one goes on (as `SAVEPOINT` / `ROLLBACK TO SAVEPOINT` in SQL).
 * - Undo entries are closures that put back the previous value of one key, only when the key
 *   still holds the value the transaction wrote. A write made outside the transaction in the
 *   meantime (writes outside transactions apply at once and take no lock) is therefore kept.
 *
 * @internal
 */
import { Context, Effect, Exit, Semaphore } from "effect"

interface TransactionLog {
  /** Shared by a transaction and every savepoint inside it. */
  readonly undo: Array<() => void>
  /** Serialises savepoints that concurrent fibers open at this level of the transaction. */
  readonly savepoints: Semaphore.Semaphore
}

let databaseCounter = 0

/** A table of rows keyed by `K`. Reads are synchronous; writes are effects that join the undo log. */
export interface Table<K, V> {
  readonly get: (key: K) => V | undefined
  readonly has: (key: K) => boolean
  readonly values: () => IterableIterator<V>
  readonly size: () => number
  /** Sets the row, recording how to put back what was there. */
  readonly set: (key: K, value: V) => Effect.Effect<void>
  /** Deletes the row; false when there was none. */
  readonly delete: (key: K) => Effect.Effect<boolean>
}

/** A set of tables sharing one transaction log. */
export interface Database {
  /** A new, empty table whose writes join this database's transactions. */
  readonly table: <K, V>() => Table<K, V>
  /** Runs `self` in a transaction: serialised with every other, undone when it fails or is interrupted. */
  readonly transaction: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Whether the current fiber runs inside a transaction of this database. */
  readonly inTransaction: Effect.Effect<boolean>
}

/**
 * A table of `V` rows keyed by `K`, to be made in a database: what a declaration of the memory
 * store's tables lists (`accounts: Table.of<string, Account>()`).
 */
export const of =
  <K, V>() =>
  (database: Database): Table<K, V> =>
    database.table<K, V>()

/** Undoes the entries of `log` after `mark`, newest first. */
const rollbackTo = (log: TransactionLog, mark: number): void => {
  for (let i = log.undo.length - 1; i >= mark; i--) log.undo[i]!()
  log.undo.length = mark
}

/** Makes an empty database. */
export const makeDatabase = (): Database => {
  const current = Context.Reference<TransactionLog | undefined>(
    `@campaign-games/testing/MemoryStore/Transaction/${databaseCounter++}`,
    { defaultValue: () => undefined }
  )
  const semaphore = Semaphore.makeUnsafe(1)

  const record = (undo: () => void): Effect.Effect<void> =>
    Effect.withFiber((fiber) => {
      fiber.getRef(current)?.undo.push(undo)
      return Effect.void
    })

  const table = <K, V>(): Table<K, V> => {
    const rows = new Map<K, V>()
    return {
      get: (key) => rows.get(key),
      has: (key) => rows.has(key),
      values: () => rows.values(),
      size: () => rows.size,
      set: (key, value) =>
        Effect.suspend(() => {
          const had = rows.has(key)
          const previous = rows.get(key)
          rows.set(key, value)
          return record(() => {
            if (rows.get(key) !== value) return
            if (had) rows.set(key, previous as V)
            else rows.delete(key)
          })
        }),
      delete: (key) =>
        Effect.suspend(() => {
          if (!rows.has(key)) return Effect.succeed(false)
          const previous = rows.get(key) as V
          rows.delete(key)
          return Effect.as(
            record(() => {
              if (!rows.has(key)) rows.set(key, previous)
            }),
            true
          )
        })
    }
  }

  const undoOnFailure =
    (log: TransactionLog, mark: number) =>
    <A, E>(exit: Exit.Exit<A, E>): Effect.Effect<void> =>
      Exit.isFailure(exit) ? Effect.sync(() => rollbackTo(log, mark)) : Effect.void

  const transaction = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.withFiber((fiber) => {
      const outer = fiber.getRef(current)
      if (outer !== undefined) {
        const level: TransactionLog = { undo: outer.undo, savepoints: Semaphore.makeUnsafe(1) }
        return outer.savepoints.withPermit(
          Effect.suspend(() =>
            self.pipe(Effect.provideService(current, level), Effect.onExit(undoOnFailure(level, level.undo.length)))
          )
        )
      }
      const log: TransactionLog = { undo: [], savepoints: Semaphore.makeUnsafe(1) }
      return semaphore.withPermit(self.pipe(Effect.provideService(current, log), Effect.onExit(undoOnFailure(log, 0))))
    })

  const inTransaction = Effect.withFiber((fiber) => Effect.succeed(fiber.getRef(current) !== undefined))

  return { table, transaction, inTransaction }
}
