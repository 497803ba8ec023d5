/**
 * The plays benchmark's yardstick: a bare `node:http` + `pg` server that does only the minimal SQL
 * of a play, with none of the engine's rules (no API keys, no signed tokens, no validation beyond
 * JSON.parse, no plans, no webhooks). `node bench/plays.ts --server bare` runs it with the same
 * client as the real server, so the two figures compare like for like.
 *
 *   mint:   one indexed read (the channel's live campaign)
 *   start:  BEGIN; advisory lock on the player; count the player's sessions; insert the session; COMMIT
 *   finish: BEGIN; claim the session; insert the entry; insert the event; COMMIT
 *
 * Environment: PORT, DATABASE_URL (a database of its own: it creates its tables there).
 */
import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import pg from "pg"

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
await pool.query(`
  CREATE TABLE IF NOT EXISTS bare_campaigns (id text PRIMARY KEY, channel_id text NOT NULL, status text NOT NULL);
  CREATE INDEX IF NOT EXISTS bare_campaigns_channel ON bare_campaigns (channel_id, status);
  CREATE TABLE IF NOT EXISTS bare_sessions (
    id text PRIMARY KEY, campaign_id text NOT NULL, participant_ref text NOT NULL,
    created_at timestamptz NOT NULL, finished_at timestamptz);
  CREATE INDEX IF NOT EXISTS bare_sessions_player ON bare_sessions (campaign_id, participant_ref);
  CREATE TABLE IF NOT EXISTS bare_entries (
    id text PRIMARY KEY, session_id text NOT NULL, campaign_id text NOT NULL, participant_ref text NOT NULL,
    outcome jsonb NOT NULL, created_at timestamptz NOT NULL);
  CREATE TABLE IF NOT EXISTS bare_events (id text PRIMARY KEY, type text NOT NULL, data jsonb NOT NULL, created_at timestamptz NOT NULL);
  INSERT INTO bare_campaigns VALUES ('gi_bare', 'ch_bare', 'live') ON CONFLICT DO NOTHING;
`)

const readBody = (req: IncomingMessage) =>
  new Promise<any>((resolve, reject) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      try {
        resolve(chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString("utf8")))
      } catch (e) {
        reject(e)
      }
    })
    req.on("error", reject)
  })

const send = (res: ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body)
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) })
  res.end(json)
}

const transaction = async <A>(f: (client: pg.PoolClient) => Promise<A>): Promise<A> => {
  const client = await pool.connect()
  try {
    await client.query("BEGIN")
    const a = await f(client)
    await client.query("COMMIT")
    return a
  } catch (e) {
    await client.query("ROLLBACK")
    throw e
  } finally {
    client.release()
  }
}

const bearer = (req: IncomingMessage) => (req.headers.authorization ?? "").slice("Bearer ".length)

const server = createServer(async (req, res) => {
  try {
    const url = req.url ?? "/"
    if (url === "/health") return send(res, 200, { status: "ok" })
    const body = await readBody(req)
    if (url === "/v1/auth/session-tokens") {
      const { rows } = await pool.query("SELECT id FROM bare_campaigns WHERE channel_id = $1 AND status = 'live'", [
        body.channelId
      ])
      if (rows.length === 0) return send(res, 200, { clientToken: null })
      const token = Buffer.from(JSON.stringify({ gid: rows[0].id, sub: body.participantRef })).toString("base64url")
      return send(res, 201, { clientToken: token, jti: randomUUID() })
    }
    if (url === "/v1/play/sessions") {
      const claims = JSON.parse(Buffer.from(bearer(req), "base64url").toString("utf8"))
      const session = await transaction(async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`${claims.gid}:${claims.sub}`])
        const { rows } = await client.query(
          "SELECT count(*)::int AS n FROM bare_sessions WHERE campaign_id = $1 AND participant_ref = $2",
          [claims.gid, claims.sub]
        )
        if (rows[0].n >= 100) return undefined
        const id = `ps_${randomUUID()}`
        await client.query("INSERT INTO bare_sessions VALUES ($1, $2, $3, now(), NULL)", [id, claims.gid, claims.sub])
        return { id }
      })
      return session === undefined ? send(res, 409, { error: "limit" }) : send(res, 201, { session })
    }
    const finish = /^\/v1\/play\/sessions\/([^/]+)\/finish$/.exec(url)
    if (finish !== null) {
      const entry = await transaction(async (client) => {
        const { rows } = await client.query(
          "UPDATE bare_sessions SET finished_at = now() WHERE id = $1 AND finished_at IS NULL RETURNING campaign_id, participant_ref",
          [finish[1]]
        )
        if (rows.length === 0) return undefined
        const id = `en_${randomUUID()}`
        const outcome = { segmentId: Math.random() < 0.5 ? "w" : "l" }
        await client.query("INSERT INTO bare_entries VALUES ($1, $2, $3, $4, $5, now())", [
          id,
          finish[1],
          rows[0].campaign_id,
          rows[0].participant_ref,
          outcome
        ])
        await client.query("INSERT INTO bare_events VALUES ($1, 'session_completed', $2, now())", [
          `ev_${randomUUID()}`,
          { entryId: id, sessionId: finish[1], outcome }
        ])
        return { id, outcome }
      })
      return entry === undefined ? send(res, 409, { error: "finished" }) : send(res, 200, { entry })
    }
    return send(res, 404, { error: "not found" })
  } catch (error) {
    return send(res, 500, { error: String(error) })
  }
})
server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT ?? 18181), "127.0.0.1")
const stop = () => {
  server.close()
  void pool.end().then(() => process.exit(0))
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
