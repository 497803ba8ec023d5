/**
 * Migration `0014_memory_match`: the boards of Memory Match plays scored by the server
 * (`MemoryBoard`), one per session: the faces dealt at the start, the config's time limit and top
 * score then, and every flip (`[position, milliseconds from the start]`, in order). A flip is
 * appended by a compare-and-set on the number of flips (`SqlMemoryBoardRepo.addFlip`). No
 * participantRef is kept here (the session has it); a board goes with its session. Never edit it
 * once shipped: add another.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(
  `CREATE TABLE memory_boards (
    session_id text COLLATE "C" PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    started_at timestamptz(3) NOT NULL,
    faces jsonb NOT NULL,
    time_limit_seconds integer NOT NULL,
    max_score integer NOT NULL,
    flips jsonb NOT NULL DEFAULT '[]'::jsonb
  )`
)
