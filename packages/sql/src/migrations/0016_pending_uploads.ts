/**
 * Migration `0016_pending_uploads`: a pending upload holds storage from its presign. Never edit it
 * once shipped: add another.
 *
 * - `media_assets.reserved_bytes`: what a pending upload holds of the account's storage limit (its
 *   declared size, else the most its content type allows) until it is confirmed (then null: its
 *   `size_bytes` counts) or swept. Uploads started before this migration hold nothing (null).
 * - An index of an account's open uploads by start (the presign's count of open uploads, under
 *   the account's lock).
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(
  `ALTER TABLE media_assets ADD COLUMN reserved_bytes integer CHECK (reserved_bytes >= 0)`,
  `CREATE INDEX media_assets_open_uploads_idx ON media_assets (account_id, created_at)
    WHERE confirmed_at IS NULL AND import_status IS NULL`
)
