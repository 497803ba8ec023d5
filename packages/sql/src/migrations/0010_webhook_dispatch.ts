/**
 * Migration `0010_webhook_dispatch`: webhook deliveries claimed and written in batches, and the
 * dispatchers of every instance told of new ones. Never edit it once shipped: add another.
 *
 * - **Notices.** A statement that inserts deliveries, whoever runs it (a play's finish statement,
 *   the fan-out of an event, a draw), sends `NOTIFY webhook_deliveries` at its commit, at most one
 *   such statement every 50 ms: `NOTIFY` makes every notifying commit of the server wait for the
 *   previous one (a lock held until the commit is on disk), which on its own caps inserts at a few
 *   hundred a second; one in 50 ms costs the plays nothing measurable. The sequence
 *   `webhook_deliveries_notified` holds the last 50 ms slot that notified (`setval` is outside
 *   transactions, so concurrent inserts never wait for each other's). A dispatcher looks again
 *   shortly after each notice (`Webhook.DeliveryNotices.lookAgain`) for the inserts of the same
 *   slot that gave none.
 * - **Room for the claim.** Each delivery row is written twice after its insert (its claim, then its
 *   result): pages keep a fifth of their room free, so the claim's new row version (it changes only
 *   `claimed_until`, which no index holds) stays on its page and adds no index entry (a HOT update).
 * - **Vacuum.** Those two writes leave two dead row versions per delivery: the table is vacuumed and
 *   analysed after 2 % of it changed (instead of 20 % and 10 %), as a queue table wants, so the
 *   claims' index scans stay short and the planner's statistics current.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(
  `ALTER TABLE webhook_deliveries SET (fillfactor = 80, autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_analyze_scale_factor = 0.02)`,
  `CREATE SEQUENCE webhook_deliveries_notified MINVALUE 0 START 0`,
  `CREATE FUNCTION webhook_deliveries_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      slot bigint := floor(extract(epoch FROM clock_timestamp()) * 20);
    BEGIN
      IF slot > (SELECT last_value FROM webhook_deliveries_notified) AND EXISTS (SELECT 1 FROM inserted) THEN
        PERFORM setval('webhook_deliveries_notified', slot);
        PERFORM pg_notify('webhook_deliveries', '');
      END IF;
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER webhook_deliveries_notify AFTER INSERT ON webhook_deliveries
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION webhook_deliveries_notify()`
)
