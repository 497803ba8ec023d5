/**
 * Migration `0008_rewards`: rewards: tiers, coupon codes and grants. Never edit it once shipped: add another.
 *
 * - `rewards`: one per campaign, its prizes and page as documents, `revision` grown at each change
 *   (a finish that decided from a reward writes only while its revision is the stored one).
 * - `reward_coupons`: every code of a campaign, unique per campaign (`reward_coupons_campaign_code_key`,
 *   which also makes a generated code that collides be drawn again); `issued` counts the times it
 *   was given, never past `issue_limit` (null: no limit); `stock` is false for a code made at a grant.
 *   The partial indexes hold the codes that can still be given: a prize's, in id order (the order
 *   they are given in), and an account's in stock (the plan's stored coupon codes).
 * - `reward_recipients`: who received a coupon of a campaign, and how many; its key is what keeps
 *   `grantOncePerParticipant` across rule, draw and manual grants and across instances.
 * - `reward_grants`: one coupon given to one player, with the prize and the code's ref and name as
 *   they were; listed newest first.
 *
 * Everything of a campaign goes with it (`ON DELETE CASCADE`): only a campaign never played can be
 * deleted. A grant's code is never deleted: only codes never given are (a withdrawal closes the
 * others), so `reward_grants.coupon_id` needs no foreign key (nor the index its checks would), which
 * a finish that grants would pay for.
 *
 * @since 0.1.0
 */
import { statements } from "../internal/Statements.ts"

export const migration = statements(
  `CREATE TABLE rewards (
    campaign_id text COLLATE "C" PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    account_id text COLLATE "C" NOT NULL,
    revision integer NOT NULL,
    tiers jsonb NOT NULL,
    grant_once_per_participant boolean NOT NULL,
    valid_for_seconds integer,
    page jsonb,
    created_at timestamptz(3) NOT NULL,
    updated_at timestamptz(3) NOT NULL
  )`,
  `CREATE TABLE reward_coupons (
    id text COLLATE "C" PRIMARY KEY,
    account_id text COLLATE "C" NOT NULL,
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    tier_id text COLLATE "C" NOT NULL,
    code text COLLATE "C" NOT NULL,
    ref text,
    name text,
    issue_limit integer CHECK (issue_limit IS NULL OR issue_limit >= 0),
    issued integer NOT NULL CHECK (issued >= 0 AND (issue_limit IS NULL OR issued <= issue_limit)),
    stock boolean NOT NULL,
    created_at timestamptz(3) NOT NULL,
    CONSTRAINT reward_coupons_campaign_code_key UNIQUE (campaign_id, code)
  )`,
  // A prize's codes that can still be given, in the order they are given (the grant's claim).
  `CREATE INDEX reward_coupons_available_idx ON reward_coupons (campaign_id, tier_id, id)
    WHERE issue_limit IS NULL OR issued < issue_limit`,
  // An account's codes in stock that can still be given (the plan's stored coupon codes).
  `CREATE INDEX reward_coupons_account_stock_idx ON reward_coupons (account_id)
    WHERE stock AND (issue_limit IS NULL OR issued < issue_limit)`,
  `CREATE TABLE reward_recipients (
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    participant_ref text COLLATE "C" NOT NULL,
    grants integer NOT NULL,
    PRIMARY KEY (campaign_id, participant_ref)
  )`,
  `CREATE TABLE reward_grants (
    id text COLLATE "C" PRIMARY KEY,
    account_id text COLLATE "C" NOT NULL,
    campaign_id text COLLATE "C" NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    tier_id text COLLATE "C" NOT NULL,
    coupon_id text COLLATE "C" NOT NULL,
    participant_ref text COLLATE "C" NOT NULL,
    source text NOT NULL CHECK (source IN ('rule', 'draw', 'manual')),
    session_id text COLLATE "C",
    run_id text COLLATE "C",
    winner_id text COLLATE "C",
    prize jsonb NOT NULL,
    coupon_ref text,
    coupon_name text,
    expires_at timestamptz(3),
    created_at timestamptz(3) NOT NULL
  )`,
  // A campaign's grants, newest first (the list; the counts per prize read them all).
  `CREATE INDEX reward_grants_campaign_created_idx ON reward_grants (campaign_id, created_at DESC, id DESC)`
)
