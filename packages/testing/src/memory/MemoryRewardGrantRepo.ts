/**
 * `GrantRepo` in memory, and the grant every memory write of one shares (`grantIn`, also run by
 * `MemoryPlayFinishRepo` within a finish), as `SqlRewardGrantStatement` writes it in SQL: with
 * `once`, none for a player already recorded (`AlreadyGranted`); else a code of the plan's
 * `pool`/`shared` prizes (in the plan's order; here the first by id, as `COLLATE "C"` orders) whose
 * issue limit is not reached, counted; else the plan's made code for its `generated` prize, refused
 * (`CodeTaken`, nothing written) when the campaign has it; else `OutOfCodes`. The player is recorded
 * and the grant stored with the code, in one memory transaction (all or nothing). Lists read a
 * code's last four characters only, as SQL's do.
 *
 * @since 0.1.0
 */
import { Coupon, type Game, Grant } from "@campaign-games/core"
import { Effect, Layer, Option } from "effect"
import { byId, inAccount, newestFirst, paginate } from "../internal/Rows.ts"
import { MemoryDatabase, type Tables } from "../MemoryDatabase.ts"
import { codeKey, recipientKey, tierKey } from "./MemoryRewardsTables.ts"

/**
 * The first code of a prize that can still be given, by id, at or after `from` (`Coupon.randomStart`)
 * when there is one, else the first: as the SQL store picks.
 */
const firstCode = (tables: Tables, campaignId: string, tierId: string, from: string): Coupon.Coupon | undefined =>
  firstFrom(tables, campaignId, tierId, from) ?? firstFrom(tables, campaignId, tierId, "")

const firstFrom = (tables: Tables, campaignId: string, tierId: string, from: string): Coupon.Coupon | undefined => {
  let first: Coupon.Coupon | undefined
  for (const id of tables.tierCoupons.get(tierKey(campaignId, tierId)) ?? []) {
    const coupon = tables.coupons.get(id)
    if (
      coupon !== undefined &&
      Coupon.available(coupon) &&
      byId(coupon.id, from) >= 0 &&
      (first === undefined || byId(coupon.id, first.id) < 0)
    )
      first = coupon
  }
  return first
}

/** Adds a code to its campaign's and its prize's indexes. */
export const indexCoupon = (tables: Tables, coupon: Coupon.Coupon) =>
  Effect.all([
    tables.coupons.set(coupon.id, coupon),
    tables.couponCodes.set(codeKey(coupon.campaignId, coupon.code), coupon.id),
    tables.tierCoupons.set(tierKey(coupon.campaignId, coupon.tierId), [
      ...(tables.tierCoupons.get(tierKey(coupon.campaignId, coupon.tierId)) ?? []),
      coupon.id
    ])
  ])

const givenOf = (coupon: Coupon.Coupon): Grant.Given => ({
  tierId: coupon.tierId,
  couponId: coupon.id,
  code: coupon.code,
  couponRef: coupon.ref,
  couponName: coupon.name
})

/** Writes a planned grant in the tables: to run inside a memory transaction (all or nothing). */
export const grantIn = (tables: Tables) =>
  Effect.fnUntraced(function* (plan: Grant.Plan, start: string) {
    const recipient = recipientKey(plan.campaignId, plan.participantRef)
    const received = tables.recipients.get(recipient)
    if (plan.once && received !== undefined) return { _tag: "AlreadyGranted" } satisfies Grant.Written
    let given: Grant.Given | undefined
    for (const prize of plan.prizes) {
      if (prize.codeStrategy === "generated") {
        const made = plan.made!
        if (tables.couponCodes.has(codeKey(plan.campaignId, made.code)))
          return { _tag: "CodeTaken" } satisfies Grant.Written
        const coupon: Coupon.Coupon = {
          id: made.couponId,
          accountId: plan.accountId,
          campaignId: plan.campaignId,
          tierId: prize.tierId,
          code: made.code,
          ref: null,
          name: null,
          issueLimit: 1,
          issued: 1,
          stock: false,
          createdAt: plan.createdAt
        }
        yield* indexCoupon(tables, coupon)
        given = givenOf(coupon)
        break
      }
      const coupon = firstCode(tables, plan.campaignId, prize.tierId, start)
      if (coupon !== undefined) {
        yield* tables.coupons.set(coupon.id, { ...coupon, issued: coupon.issued + 1 })
        given = givenOf(coupon)
        break
      }
    }
    if (given === undefined) return { _tag: "OutOfCodes" } satisfies Grant.Written
    yield* tables.recipients.set(recipient, (received ?? 0) + 1)
    yield* tables.grants.set(plan.id, Grant.granted(plan, given))
    return { _tag: "Granted", given } satisfies Grant.Written
  })

/** `GrantRepo` over the rewards' tables of the database. */
export const layer: Layer.Layer<Grant.GrantRepo, never, MemoryDatabase> = Layer.effect(
  Grant.GrantRepo,
  Effect.gen(function* () {
    const database = yield* MemoryDatabase
    const { coupons, entries, grants } = database.tables
    const write = grantIn(database.tables)
    const codeOf = (couponId: string) => coupons.get(couponId)?.code ?? ""
    return Grant.GrantRepo.of({
      grant: (plan) => Effect.flatMap(Coupon.randomStart, (start) => database.transaction(write(plan, start))),
      list: (accountId, campaignId, page) =>
        Effect.sync(() => {
          const rows: Array<Grant.Listed> = []
          for (const grant of grants.values()) {
            if (grant.accountId === accountId && grant.campaignId === campaignId) {
              rows.push({ ...grant, codeEnd: codeOf(grant.couponId).slice(-4) })
            }
          }
          return paginate(rows.sort(newestFirst), page)
        }),
      code: (accountId, grantId) =>
        Effect.sync(() =>
          Option.map(Option.fromNullishOr(inAccount(accountId, grants.get(grantId))), (g) => codeOf(g.couponId))
        ),
      outcomes: (accountId, entryIds) =>
        Effect.sync(() => {
          const out = new Map<string, Game.Outcome>()
          for (const id of entryIds) {
            const outcome = inAccount(accountId, entries.get(id))?.outcome
            if (outcome !== undefined && outcome !== null) out.set(id, outcome)
          }
          return out
        })
    })
  })
)
