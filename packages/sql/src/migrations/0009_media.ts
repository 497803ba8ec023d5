/**
 * Migration `0009_media`: the media library: files and folders. Never edit it once shipped: add another.
 *
 * - `media_folders`: a tree per account. The parent is a folder of the same account (the foreign
 *   key names both columns), checked at the end of each statement, so one `DELETE` takes a folder
 *   and its subfolders.
 * - `media_assets`: a file, in at most one folder of its own account. `filename` is `COLLATE "C"`
 *   (the name search folds ASCII letters only, and names sort by code point, as the memory
 *   store). `import_lease_until` is the import worker's claim, not part of the file.
 * - Indexes: files of an account newest first (the default list), files of a folder, the imports
 *   due (a partial index the worker's claim reads), uploads never confirmed (the sweep), and a
 *   folder's children by name.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(
  `CREATE TABLE media_folders (
    id text COLLATE "C" PRIMARY KEY,
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
    parent_id text COLLATE "C",
    name text COLLATE "C" NOT NULL,
    created_at timestamptz(3) NOT NULL,
    updated_at timestamptz(3) NOT NULL,
    CONSTRAINT media_folders_account_id_key UNIQUE (account_id, id),
    CONSTRAINT media_folders_parent_fkey FOREIGN KEY (account_id, parent_id) REFERENCES media_folders (account_id, id)
  )`,
  // A folder's children by name (list), and every folder of an account (the tree).
  `CREATE INDEX media_folders_parent_idx ON media_folders (account_id, parent_id, name, id)`,
  `CREATE TABLE media_assets (
    id text COLLATE "C" PRIMARY KEY,
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
    folder_id text COLLATE "C",
    filename text COLLATE "C" NOT NULL,
    content_type text NOT NULL,
    size_bytes integer CHECK (size_bytes >= 0),
    declared_size_bytes integer CHECK (declared_size_bytes >= 0),
    source_url text,
    import_status text CHECK (import_status IN ('pending', 'failed', 'done')),
    import_error text,
    import_attempts integer NOT NULL DEFAULT 0,
    import_next_at timestamptz(3),
    import_lease_until timestamptz(3),
    created_at timestamptz(3) NOT NULL,
    updated_at timestamptz(3) NOT NULL,
    confirmed_at timestamptz(3),
    CONSTRAINT media_assets_folder_fkey FOREIGN KEY (account_id, folder_id) REFERENCES media_folders (account_id, id)
  )`,
  // An account's files newest first (the default list, the storage used).
  `CREATE INDEX media_assets_account_created_idx ON media_assets (account_id, created_at DESC, id DESC)`,
  // The files of a folder (lists by folder, moves out of deleted folders).
  `CREATE INDEX media_assets_folder_idx ON media_assets (account_id, folder_id)`,
  // The imports due, earliest first (the worker's claim).
  `CREATE INDEX media_assets_imports_due_idx ON media_assets (import_next_at, id) WHERE import_status = 'pending'`,
  // Uploads never confirmed, oldest first (the sweep).
  `CREATE INDEX media_assets_unconfirmed_idx ON media_assets (created_at)
    WHERE confirmed_at IS NULL AND import_status IS NULL`
)
