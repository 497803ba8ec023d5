/**
 * The `/v1` API's types, generated from its OpenAPI document by `src/generate.ts`: do not edit.
 *
 * @since 0.1.0
 */
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check that the server is alive
         * @description Liveness: answers while the process lives.
         */
        get: operations["system.health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description Answers the account and its owner API key (the key appears only here).
         */
        post: operations["admin.createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an account
         * @description Fields left out keep their value.
         */
        patch: operations["admin.updateAccount"];
        trace?: never;
    };
    "/v1/tenant/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Active keys, oldest first. Permission keys.manage or settings.read.
         */
        get: operations["apiKeys.list"];
        put?: never;
        /**
         * Create an API key
         * @description Permission keys.manage; plan feature API keys; plan limit active keys. A key can only be given permissions the caller holds. `key` appears only in this response.
         */
        post: operations["apiKeys.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes the key: it answers 401 from then on. Permission keys.manage.
         */
        delete: operations["apiKeys.revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List channels
         * @description Newest first. Permission campaigns.read.
         */
        get: operations["channels.list"];
        put?: never;
        /**
         * Create a channel
         * @description Permission channels.manage; plan limit number of channels.
         */
        post: operations["channels.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{channelId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a channel
         * @description Permission campaigns.read.
         */
        get: operations["channels.get"];
        put?: never;
        post?: never;
        /**
         * Delete a channel
         * @description Permission channels.manage. Refused with 409 while any campaign exists on the channel; disable the channel instead.
         */
        delete: operations["channels.delete"];
        options?: never;
        head?: never;
        /**
         * Update a channel
         * @description Permission channels.manage. At least one field; `betweenCampaigns` is replaced whole (null clears it). Disabling is `status: disabled`.
         */
        patch: operations["channels.update"];
        trace?: never;
    };
    "/v1/games": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the games
         * @description The games the engine runs, each with its config's JSON Schema. Permission campaigns.read.
         */
        get: operations["games.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns
         * @description Newest first, filtered by channel and status. Permission campaigns.read.
         */
        get: operations["campaigns.list"];
        put?: never;
        /**
         * Create a campaign
         * @description Creates a draft. Permission campaigns.write; liveFrom/liveUntil also need channels.manage; the game must be in the plan (402). A config sent is checked against the game at once; an unknown channelId or gameSlug is 400.
         */
        post: operations["campaigns.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a campaign
         * @description Permission campaigns.read.
         */
        get: operations["campaigns.get"];
        put?: never;
        post?: never;
        /**
         * Delete a campaign
         * @description Permission campaigns.delete; 409 once the campaign has been played (archive it).
         */
        delete: operations["campaigns.delete"];
        options?: never;
        head?: never;
        /**
         * Update a campaign
         * @description Permission campaigns.write; `config` (replaced whole) also needs config.write; liveFrom/liveUntil also need channels.manage. An archived campaign is 409. An active campaign must stay complete and must not come to overlap another live window (409); one whose window had ended and is given a later end goes live again, so it passes what an activation checks: the plan's game and live campaigns (402).
         */
        patch: operations["campaigns.update"];
        trace?: never;
    };
    "/v1/game-instances/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a campaign
         * @description From draft or paused. Permission campaigns.activate; handoverAt also needs channels.manage. Incomplete config 400; overlapping live window on the channel 409; live-campaign limit 402. With handoverAt, the campaign live on the channel then ends at handoverAt and this one starts then, together.
         */
        post: operations["campaigns.activate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a campaign
         * @description From active to paused. Permission campaigns.activate.
         */
        post: operations["campaigns.pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a campaign
         * @description From draft, active or paused to archived. Permission campaigns.activate.
         */
        post: operations["campaigns.archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore an archived campaign
         * @description From archived back to paused. Permission campaigns.activate.
         */
        post: operations["campaigns.restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a prediction campaign
         * @description Marks the option that happened on a prediction campaign (sets resolvedOptionId and resolvedAt). Permission campaigns.resolve. Unknown option 400; another campaign kind, an archived campaign, or a campaign already resolved to another option 409; resolving to the same option again changes nothing.
         */
        post: operations["campaigns.resolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the branding
         * @description Permission settings.read (or branding.write). `{}` when none is set.
         */
        get: operations["branding.get"];
        /**
         * Replace the branding
         * @description Permission branding.write. Replaces the branding: fields left out are cleared. Label keys may be any game's. Without the custom branding or custom copy plan features the theme is kept, but players see the default look or wording.
         */
        put: operations["branding.put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/allowed-origins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List allowed origins
         * @description Oldest first. Permission settings.read.
         */
        get: operations["allowedOrigins.list"];
        put?: never;
        /**
         * Add an allowed origin
         * @description Permission origins.manage. `https://host[:port]` (no path), `android:<application id>` or `ios:<bundle id>`; up to 300 characters; a duplicate is 409.
         */
        post: operations["allowedOrigins.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/allowed-origins/{originId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an allowed origin
         * @description Permission origins.manage.
         */
        delete: operations["allowedOrigins.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/session-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a client token
         * @description Permission tokens.mint; 600 a minute per key. 201 with a client token for the campaign live on the channel now; 200 with `clientToken: null` and the channel's between-campaigns message when nothing is live (or the channel is disabled). 404 unknown channel; 403 origin not allowed; 409 the player has used all plays; 402 the plan's plays a month, or the live campaign's game taken out of the plan.
         */
        post: operations["tokens.mint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/play/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a play
         * @description Authorization: Bearer <client token>. Starts the play the token was minted for: once (a used token is 409; expired, forged or malformed 401); play limits are checked again. The start counts the month's play: past the plan's `playsPerMonth` it is 402 (`upgrade_required` naming `limits.playsPerMonth`, as at mint), also for a token minted before the month filled up. Answers the player's view of the game: no correct answers, no wheel weights.
         */
        post: operations["play.start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/play/sessions/{sessionId}/flips": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn a Memory Match card
         * @description Authorization: Bearer <client token>. For a Memory Match scored by the server (`scoring: server`): reveals the card at `position` (0 to 2 × pairs − 1) and records the flip and its time (from the session's start). Flips go in turns of two: the first reveals a card, the second another, matching the pair when both show the same `face` (0 to pairs − 1). Answers the face, the pairs matched so far and the flips made so far. 400 naming `position` off the board; 409 for a matched card or the turn's face-up card, after the finish, past `timeLimitSeconds`, or for a campaign scored by the client; 404 for a session that is not the token's.
         */
        post: operations["play.flip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/play/sessions/{sessionId}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a play
         * @description Authorization: Bearer <client token>. The game's finish body (wheel `{}`, quiz `{ answers }`, prediction `{ optionId }`, memory-match `{}` or `{ score }`); the server decides the outcome or score. Memory Match with `scoring: server` takes `{}` and scores the flips it revealed (a `score` is 400): before `timeLimitSeconds` every pair must be matched (409 otherwise), after it pairs left score 0; with `scoring: client` it takes `{ score }` (0 to maxScore). A second finish is 409. `reward` is null when the campaign has no reward; else `grant` is the coupon the play earned (the first prize the play meets that still has a code; its code in full, for the player) or null (no prize met, the prizes ran out, or the player already has one and the reward grants once), and `page` the reward page with the blocks whose `when` fits: `win` when a coupon was given, `not_win` when not.
         */
        post: operations["play.finish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a campaign's entries
         * @description Permission results.read. limit 1–500 (default 500), offset, search (part of participantRef, any case), sort createdAt|score|participantRef (entries without a score last), dir asc|desc (default desc), eligible true|false.
         */
        get: operations["entries.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/webhooks/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Permission settings.read. No secrets. search: part of the URL (any case); sort createdAt (default) or url; dir desc (default) or asc; limit default 50, max 200.
         */
        get: operations["webhooks.list"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Permission webhooks.manage; plan feature Webhooks; plan limit webhook endpoints. The URL must be https and its host resolve to public addresses. includeCouponCodes also needs rewards.codes.manage. The `whsec_` secret is shown only in this response.
         */
        post: operations["webhooks.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/webhooks/endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Permission webhooks.manage. Deletes the endpoint and its delivery log.
         */
        delete: operations["webhooks.delete"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Permission webhooks.manage; plan feature Webhooks. At least one of status, events, gameInstanceIds, channelIds, includeCouponCodes (turning it on needs rewards.codes.manage). The URL cannot be changed (400).
         */
        patch: operations["webhooks.update"];
        trace?: never;
    };
    "/v1/tenant/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook deliveries
         * @description Permission settings.read. Newest first by default; each record with the payload sent (never a coupon code). search: part of the event type; sort createdAt or status; limit default 50, max 200.
         */
        get: operations["webhooks.deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/webhooks/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend a webhook delivery
         * @description Beyond the specification. Permission webhooks.manage. Sends a failed or exhausted delivery again, with the same id and a fresh budget of five attempts. Other statuses: 409.
         */
        post: operations["webhooks.resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/webhooks/endpoints/{endpointId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend an endpoint's failed deliveries
         * @description Beyond the specification. Permission webhooks.manage. Sends again every exhausted delivery of the endpoint created at or after `since`, each with its id and a fresh attempt budget.
         */
        post: operations["webhooks.resendEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/winner-selection/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Draw winners now
         * @description Permission draws.run; 30 a minute per key (X-RateLimit-Limit, X-RateLimit-Remaining; 429 with Retry-After). Body `{}` (or none). Draws up to maxWinners winners from the campaign's eligible entries in its window (winnerSelectionAlgorithm, winnerSelectionConfig), each participant once, leaving out the winners of its earlier runs, with a fresh crypto-strong seed; the run is kept and listed for good, `winner_selected` is sent and the winners are granted. Only on a campaign whose winnerSelectionTrigger is manual (409 otherwise: its draws are automatic, their seeds committed in advance).
         */
        post: operations["draws.trigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/winner-selection/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a campaign's draw runs
         * @description Permission results.read. Every run of the campaign (by hand, after each play, scheduled), newest first; limit default 50, max 200.
         */
        get: operations["draws.runs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/winner-selection/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a draw run
         * @description Permission results.read. The run: its algorithm and version, rules, seed, seedCommitment (and chainPosition, for an automatic run), winning moment (after-each-play runs in a window with an end), entriesConsidered, entriesHash and winners with the campaign's prize at draw time.
         */
        get: operations["draws.run"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/winner-selection/runs/{runId}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a draw run
         * @description Permission results.read; 30 a minute per key, like the draw (X-RateLimit-Limit, X-RateLimit-Remaining; 429 with Retry-After). Memory bounded whatever the campaign's size: the entries are read from the store in pages of 2,000 in the listing's order through an incremental SHA-256, and the winners recomputed by the store's selection. Recomputes the run from the entries as stored now and its seed: the same entries considered (count and listing hash, entries written after the run left out), the same winners, the seed opening its commitment, the winning moment where the seed places it. `verified` is false when anything differs (an entry changed since the draw); `winners` are the recomputed ones.
         */
        post: operations["draws.verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/winner-selection/runs/{runId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a draw run's audit document
         * @description Permission results.read; 30 a minute per key, like the draw (X-RateLimit-Limit, X-RateLimit-Remaining; 429 with Retry-After). The document is streamed: its entries are read from the store in pages of 2,000 and written as they are read (chunked), so the server holds one page whatever the campaign's size; a store failure midway cuts the answer short (its JSON then does not parse). Everything a third party needs to recompute the run offline (examples/verify-draw, or `verifyDraw` of @campaign-games/core): the run, the campaign's published commitment, the participants earlier runs excluded, and the considered entries in the listing's order. docs/draws.md states the rules.
         */
        get: operations["draws.audit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/reward": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a campaign's reward
         * @description Permission rewards.read. `{ reward: null }` when the campaign has none. Each tier carries its counts: `coupons` (codes it holds, given out or not), `couponsRemaining` (issues left over its codes; null when a code has no issue limit, and for a generated prize) and `granted`.
         */
        get: operations["rewards.get"];
        /**
         * Set a campaign's reward
         * @description Permission rewards.write; plan feature Rewards (402). A Reward, or null to remove it. Tiers (1 to 8) replace the prizes in priority order: send a prize back with its `id` to keep it and its codes; a prize left out is removed (409 while it holds codes that can still be given: withdraw them first); a prize's codeStrategy cannot change once it has given out coupons or while it holds codes (409). match.when: `everyone`; `won` (Spin the Wheel only); `outcome` with `segmentIds` (wheel segments, 1 to 24); `drawn` (a draw's winners only). A match that could never be met is 400. The read-only counts of a GET are accepted and ignored. grantOncePerParticipant (default true) and validForSeconds (1 to 31536000, null = no expiry) are mirrored on the campaign. The page: 1 to 20 blocks; at most 8 images/videos/animations, 1 video, 2 animations (media library only), 2000 characters of text, 16 KB; every file judged by the file rule. An archived campaign is 409.
         */
        put: operations["rewards.set"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/reward-coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add coupon codes
         * @description Permission rewards.codes.manage; plan feature Rewards; plan limit stored coupon codes (402, nothing added); 10 a minute per key. 1 to 1000 codes (6 to 64 visible ASCII characters, kept as sent) for a prize (`tierId`, default the first): codes the campaign already has, or repeated in the request, are counted as `duplicates` and not added. issueLimit: how many times a code may be given (1 to 1000000, or null for no limit); default 1, none for a shared prize. A generated prize stores no codes, and a shared prize holds one code at a time (409). No reward: 409; unknown tierId: 404.
         */
        post: operations["rewards.upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/reward-coupons/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate coupon codes
         * @description Permission rewards.codes.manage; plan feature Rewards; plan limit stored coupon codes (402); 10 a minute per key. `quantity` (1 to 1000, default 1) codes for a prize (`tierId`, default the first): the `prefix` (up to 12 capital letters, digits and hyphens) and 12 characters of Crockford's base 32 from a cryptographically strong source, unique in the campaign. issueLimit default 1 (none for a shared prize). The codes are in this answer only.
         */
        post: operations["rewards.generate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/reward-coupons/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw coupon codes
         * @description Beyond the specification. Permission rewards.codes.manage. Takes back what a prize's codes (`codes`, 1 to 1000, or all of them; `tierId` default the first) have not given yet: a code never given is deleted, a code given some times keeps its grants and gives no more. `withdrawn`: how many codes changed. No reward: 409; unknown tierId: 404.
         */
        post: operations["rewards.withdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/reward-grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a campaign's grants
         * @description Permission rewards.read. Newest first; codes masked to their last four characters (`****WXYZ`). limit 1 to 200 (default 50), offset.
         */
        get: operations["rewards.grants"];
        put?: never;
        /**
         * Give a coupon by hand
         * @description Permission rewards.grant; plan feature Rewards; 60 a minute per key. Gives the prize `tierId` (default the first) to `participantRef`, with source `manual`; the answer masks the code to its last four characters, as lists do (the full code reaches webhook endpoints with includeCouponCodes). 409 when the player already has a coupon of a campaign that grants once, when the prize has no code left, or when the campaign has no reward; unknown tierId: 404.
         */
        post: operations["rewards.grant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/assets/presign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an upload
         * @description Permission assets.manage; plan feature Media library; 60 a minute per key (X-RateLimit-*; 429 with Retry-After); at most 20 uploads open per account (presigned in the last 15 minutes and not confirmed: 429 `rate_limited` with Retry-After, until the oldest one's policy ends). Plan limit library storage, checked before any byte moves (402): a pending upload holds its sizeBytes, or without it the most its type allows (images 8 MiB, audio 16 MiB, video 50 MiB, Lottie 2 MiB), from the presign until it is confirmed (then its real size counts) or swept an hour after the presign. Creates a pending file and answers the signed upload: POST to upload.url a multipart/form-data body with every entry of upload.fields, then the file last as field `file` (within 15 minutes; exactly sizeBytes bytes when given, else up to the kind's maximum), then call confirm. sizeBytes above its kind's maximum (images 8 MiB, audio 16 MiB, video 50 MiB, Lottie 2 MiB) is 400; an unknown folderId 404.
         */
        post: operations["media.presign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/assets/{assetId}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an upload
         * @description Beyond the specification's shapes. Permission assets.manage; plan feature Media library. Checks the uploaded bytes: their type must be the declared contentType (sniffed from the bytes; a Lottie animation must be Lottie JSON), within its kind's size, the exact sizeBytes declared, a whole file (not truncated); else 400 naming `file`, the bytes are deleted and the file stays pending (upload again while the policy lasts). Then, under the storage limit (402), the file is available: sizeBytes and confirmedAt are set. Confirming an available file answers it again; nothing uploaded yet is 400; an imported file is 409.
         */
        post: operations["media.confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/assets/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a file from a URL
         * @description Beyond the specification's shapes. Permission assets.manage; plan feature Media library; 10 a minute and 200 an hour per key (X-RateLimit-* report the minute's; a 429 names the limit reached). The URL must be http(s) and its host resolve to public addresses only (400 naming `url`). Answers a pending file (importStatus `pending`); a background worker fetches it (redirects only to public addresses, at most 3; at most 50 MiB, or the kind's maximum of contentType when given), checks its bytes as a confirm does and ends `done` (available, its contentType the bytes' type) or `failed` with importError. Transient failures (timeouts, 5xx, 429) are retried with a doubling wait, counted in importAttempts, up to 5.
         */
        post: operations["media.import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List files
         * @description Permission assets.read. Every file (pending ones too) unless filtered: folderId (a folder's files, or `root` for those in no folder; an unknown folder is 404), kind (image, sound, video, lottie), search (part of the file name, any case). sort createdAt (default), filename or sizeBytes (files without a size last); dir desc (default) or asc; limit default 50, max 200.
         */
        get: operations["media.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/assets/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where files are used
         * @description Beyond the specification's shapes. Permission assets.read. Every file whose URL is used somewhere, with each use: the resource (`campaign` with its id: its config or theme; `reward` with its campaign's id: its reward page; `branding`; `channel` with its id: its between-campaigns message) and the path of the field (`config.art.background`, `theme.logoUrl`, `page.blocks.0.url`, `logoUrl`, `betweenCampaigns.imageUrl`). With assetId, that file alone (uses may be empty; an unknown file is 404). Check it before deleting a file.
         */
        get: operations["media.usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/assets/{assetId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a file
         * @description Permission assets.read.
         */
        get: operations["media.get"];
        put?: never;
        post?: never;
        /**
         * Delete a file
         * @description Permission assets.delete. Deletes for good, its bytes too: its URL stops serving at once, so anything still using it stops showing it (check GET /v1/tenant/assets/usage first).
         */
        delete: operations["media.delete"];
        options?: never;
        head?: never;
        /**
         * Rename or move a file
         * @description Permission assets.manage. filename (1 to 200 characters), folderId (a folder, or null for none; an unknown folder is 404); at least one. The URL does not change.
         */
        patch: operations["media.update"];
        trace?: never;
    };
    "/v1/tenant/asset-folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List folders
         * @description Permission assets.read. Every folder, or a folder's children (parentId; `root` for the top level; an unknown folder is 404), by name (code point order), then id. limit default 100, max 200.
         */
        get: operations["media.listFolders"];
        put?: never;
        /**
         * Create a folder
         * @description Beyond the specification's shapes. Permission assets.manage. name 1 to 80 characters (need not be unique); parentId a folder (404 when unknown), or null or left out for the top level.
         */
        post: operations["media.createFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/asset-folders/{folderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a folder
         * @description Permission assets.read.
         */
        get: operations["media.getFolder"];
        put?: never;
        post?: never;
        /**
         * Delete a folder
         * @description Beyond the specification's shapes. Permission assets.manage. Without confirm=true: 409 confirmation_required, saying how many subfolders would be deleted and files moved. With confirm=true: deletes the folder and every subfolder under it, and moves the files they hold to the folder's parent (the top level when it has none). No file is deleted and every URL keeps working.
         */
        delete: operations["media.deleteFolder"];
        options?: never;
        head?: never;
        /**
         * Rename or move a folder
         * @description Permission assets.manage. name (1 to 80 characters), parentId (a folder, or null for the top level); at least one. A folder cannot move inside itself or one of its subfolders (409); an unknown parent is 404.
         */
        patch: operations["media.updateFolder"];
        trace?: never;
    };
    "/v1/participants/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export a player's data
         * @description Permission privacy.manage; 60 a minute per key. Body `{ participantRef }` (1 to 200 characters). Everything this account holds on the player, across campaigns, oldest first: sessions, entries, grants with their full codes (the export is the player's own data), draw wins, and webhook deliveries whose payload carries the reference. An unknown player (or one already erased) answers the same shape with empty lists.
         */
        post: operations["privacy.export"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/participants/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a player
         * @description Permission privacy.manage; 60 a minute per key. Body `{ participantRef }`. Replaces every stored copy of the reference in the account (sessions, entries, grants, draw runs and their audits, events and webhook payloads) by `pseudonym`, `erased_` and 24 hex characters (an HMAC of the reference under a secret of the account), in one transaction. Rows stay, so counts, limits and statistics do not change; a pending delivery goes out carrying the pseudonym; draw runs still verify. Answers the rows changed per place (`drawWins` counts winner rows); erasing again answers zero counts. After it, a play under the reference is a new player. Every erasure is recorded (GET /v1/tenant/privacy/erasures).
         */
        post: operations["privacy.erase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/privacy/erasures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the erasures
         * @description Permission privacy.manage. The record of erasures, newest first, each the erasure's answer plus `reason` (`request` or `retention`); no references. An erasure that changed nothing is recorded too (requests only: the retention worker records those that changed rows). limit default 50, max 200.
         */
        get: operations["privacy.erasures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/privacy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the privacy settings
         * @description Permission privacy.manage. `retentionDays`: 730 unless set.
         */
        get: operations["privacy.settings"];
        /**
         * Set the privacy settings
         * @description Permission privacy.manage. `retentionDays`, an integer from 7 to 730: a play's personal data is erased (as by POST /v1/participants/erase, recorded with reason `retention`) once that many days have passed since the later of the play and its campaign's end (`liveUntil`; an archived campaign's archiving). A campaign that has not ended never loses its players.
         */
        put: operations["privacy.setSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a campaign's statistics
         * @description Beyond the specification. Permission results.read. `interval` day (default) or hour: buckets are local calendar days or local hours in the campaign's playLimitTimezone (a DST day has 23 or 25 hours; an hour the clock repeats is two buckets, one it skips none), each listed with zeros when empty, `start` its first instant in UTC. `from` (inclusive, default the campaign's first play) and `to` (exclusive, default now) are ISO 8601 date-times with a zone; `from` must be before `to` (400 naming `from`) and the span at most 1000 buckets (400 naming `interval`). The first bucket is the one holding `from`; an event counts in a bucket only when it also falls in `from`–`to`, so the series adds up to the totals (all but `players`, a distinct count). `starts` and `players` (distinct participants who started) count sessions by start; `finishes` and `wins` (finishes whose outcome isWin) count entries by time; `grants` count grants by time; `drawWinners` the winners of the draw runs made in the span. `scores` (score games, else null): min, max, mean and a histogram of equal buckets (20, or 1 when every score is the same; `from` inclusive, the last bucket also holding `max`), all zero with an empty histogram when no entry has a score. `predictions` (predictions, else null): entries per option, in the config's order. `tiers`: each prize's coupons given and codes left (null for a prize that makes its codes), as the reward answers them now. Without plays and `from`, the series is empty. docs/statistics.md has the details.
         */
        get: operations["stats.stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/entries/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a campaign's entries as CSV
         * @description Beyond the specification. Permission results.read. `text/csv; charset=utf-8` (RFC 4180: a header row, CRLF line ends, no BOM, fields quoted when they hold a comma, a quote or a line break, an empty cell for null), every entry matching the list's filters (search, eligible) in the list's order (sort, dir), without paging, streamed as the database reads it. Columns: id, sessionId, participantRef, score, predictionOptionId, outcomeId, weight, eligible, createdAt (ISO 8601 in UTC).
         */
        get: operations["stats.exportEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/game-instances/{id}/reward-grants/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a campaign's grants as CSV
         * @description Beyond the specification. Permission rewards.read. `text/csv; charset=utf-8` as the entries' export: every grant, newest first (the list's order; the list takes no filter but its paging), streamed. Columns: id, participantRef, tierId, code (masked to its last four characters, as the list shows it), couponRef, couponName, source, expiresAt, createdAt.
         */
        get: operations["stats.exportGrants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        UnauthorizedErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "unauthorized";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        StoreUnavailableErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "service_unavailable";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        InternalErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "internal_error";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        ForbiddenErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "forbidden";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        InvalidRequestErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "invalid_request";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        NotFoundErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "not_found";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        CampaignStats: {
            totals: {
                starts: number;
                finishes: number;
                players: number;
                wins: number;
                grants: number;
                drawWinners: number;
            };
            series: components["schemas"]["StatsBucket"][];
            scores: components["schemas"]["StatsScores"] | null;
            predictions: components["schemas"]["StatsPrediction"][] | null;
            tiers: components["schemas"]["StatsTier"][];
        };
        StatsTier: {
            tierId: string;
            granted: number;
            couponsRemaining: number | null;
        };
        StatsPrediction: {
            optionId: string;
            count: number;
        };
        StatsScores: {
            min: number;
            max: number;
            mean: number;
            histogram: components["schemas"]["StatsHistogramBucket"][];
        };
        StatsHistogramBucket: {
            from: number;
            to: number;
            count: number;
        };
        StatsBucket: {
            /** Format: date-time */
            start: string;
            starts: number;
            finishes: number;
            players: number;
            wins: number;
            grants: number;
        };
        PrivacySettings: {
            /** @description Days a play's personal data is kept after the later of the play and its campaign's end: 7 to 730; default 730. */
            retentionDays: number;
        };
        ErasureRecord: {
            id: string;
            pseudonym: string;
            sessions: number;
            entries: number;
            grants: number;
            drawWins: number;
            deliveries: number;
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            reason: "request" | "retention";
        };
        RateLimitedErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "rate_limited";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        Erasure: {
            id: string;
            pseudonym: string;
            sessions: number;
            entries: number;
            grants: number;
            drawWins: number;
            deliveries: number;
            /** Format: date-time */
            createdAt: string;
        };
        ParticipantRequest: {
            participantRef: string;
        };
        Participant: {
            participantRef: string;
            sessions: components["schemas"]["ParticipantSession"][];
            entries: components["schemas"]["Entry"][];
            grants: components["schemas"]["RewardGrant"][];
            drawWins: components["schemas"]["ParticipantDrawWin"][];
            deliveries: components["schemas"]["ParticipantDelivery"][];
        };
        ParticipantDelivery: {
            id: string;
            endpointId: string;
            /** @enum {string} */
            type: "session_completed" | "winner_selected" | "reward_granted";
            /** @enum {string} */
            status: "pending" | "success" | "failed" | "exhausted";
            /** Format: date-time */
            createdAt: string;
        };
        ParticipantDrawWin: {
            runId: string;
            gameInstanceId: string;
            rank: number;
            entryId: string;
        };
        RewardGrant: {
            id: string;
            participantRef: string;
            code: string;
            /** @enum {string} */
            source: "rule" | "draw" | "manual";
            tierId: string;
            prize: components["schemas"]["GrantPrize"];
            couponRef: string | null;
            couponName: string | null;
            sessionId: string | null;
            runId: string | null;
            winnerId: string | null;
            expiresAt: null | string;
            /** Format: date-time */
            createdAt: string;
        };
        GrantPrize: {
            title: string;
            description: string | null;
        };
        Entry: {
            id: string;
            gameInstanceId: string;
            sessionId: string | null;
            participantRef: string;
            score: number | null;
            predictionValue: {
                optionId: string;
            } | null;
            weight: number;
            eligible: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        ParticipantSession: {
            id: string;
            gameInstanceId: string;
            /** Format: date-time */
            startedAt: string;
            finishedAt: null | string;
        };
        ConfirmationRequiredErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "confirmation_required";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        ConflictErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "conflict";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        Folder: {
            id: string;
            parentId: string | null;
            name: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        UpdateFolder: {
            name?: string;
            parentId?: string | null;
        };
        CreateFolder: {
            name: string;
            parentId?: string | null;
        };
        Asset: {
            id: string;
            /**
             * Format: uri
             * @description Where the file is served; unchanged by renames and moves
             */
            url: string;
            filename: string;
            contentType: string;
            sizeBytes: number | null;
            folderId: string | null;
            sourceUrl: string | null;
            importStatus: ("pending" | "failed" | "done") | null;
            importError: string | null;
            importAttempts: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            confirmedAt: null | string;
        };
        UpdateAsset: {
            filename?: string;
            folderId?: string | null;
        };
        AssetUsage: {
            asset: components["schemas"]["Asset"];
            uses: components["schemas"]["AssetUse"][];
        };
        AssetUse: {
            /** @enum {string} */
            resource: "campaign" | "branding" | "channel" | "reward";
            id: string | null;
            path: string;
        };
        UpgradeRequiredErrorEncoded: {
            error: {
                /** @enum {string} */
                code: "upgrade_required";
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        ImportAsset: {
            /** Format: uri */
            url: string;
            filename?: string;
            /** @enum {string} */
            contentType?: "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "audio/mpeg" | "audio/ogg" | "audio/wav" | "video/mp4" | "video/webm" | "application/json";
            folderId?: string | null;
        };
        /** @description An empty object: `{}`. */
        EmptyBody: Record<string, unknown>;
        Upload: {
            /** Format: uri */
            url: string;
            fields: {
                [key: string]: string;
            };
        };
        PresignUpload: {
            filename: string;
            /** @enum {string} */
            contentType: "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "audio/mpeg" | "audio/ogg" | "audio/wav" | "video/mp4" | "video/webm" | "application/json";
            /** @description The file's exact size: the upload must be this many bytes. Without it, up to its kind's maximum. */
            sizeBytes?: number;
            folderId?: string | null;
        };
        ManualGrant: {
            participantRef: string;
            tierId?: string;
        };
        WithdrawCoupons: {
            tierId?: string;
            codes?: string[];
        };
        GenerateCoupons: {
            tierId?: string;
            quantity?: number;
            prefix?: string;
            issueLimit?: number | null;
        };
        UploadCoupons: {
            tierId?: string;
            codes: components["schemas"]["CouponInput"][];
        };
        CouponInput: {
            code: string;
            ref?: string;
            name?: string;
            issueLimit?: number | null;
        };
        Reward: {
            tiers: components["schemas"]["RewardTier"][];
            grantOncePerParticipant: boolean;
            validForSeconds: number | null;
            page: components["schemas"]["RewardPage"] | null;
        };
        RewardPage: {
            blocks: components["schemas"]["RewardPageBlock"][];
        };
        RewardPageBlock: {
            id: string;
            /** @enum {string} */
            type: "logo" | "heading" | "text" | "outcome" | "coupon" | "image" | "video" | "lottie" | "spacer" | "divider";
            /** @enum {string} */
            when?: "always" | "win" | "not_win";
            text?: string;
            /** @enum {string} */
            align?: "start" | "center";
            /**
             * Format: uri
             * @description An https URL or the URL of a file in the media library
             */
            url?: string;
            /**
             * Format: uri
             * @description An https URL or the URL of a file in the media library
             */
            posterUrl?: string;
            alt?: string;
            maxWidth?: number;
            autoplay?: boolean;
            loop?: boolean;
            controls?: boolean;
            speed?: number;
            /** @enum {string} */
            size?: "sm" | "md" | "lg";
            prefix?: string;
            caption?: string;
            /** @enum {string} */
            show?: "code" | "name" | "both";
            copyable?: boolean;
        };
        RewardTier: {
            id: string;
            match: components["schemas"]["RewardMatch"];
            display: components["schemas"]["RewardDisplay"];
            /** @enum {string} */
            codeStrategy: "pool" | "shared" | "generated";
            coupons: number;
            couponsRemaining: number | null;
            granted: number;
        };
        RewardDisplay: {
            title: string;
            description?: string;
            /** Format: uri */
            termsUrl?: string;
        };
        RewardMatch: {
            /** @enum {string} */
            when: "everyone" | "won" | "outcome" | "drawn";
            segmentIds?: string[];
        };
        RewardInput: {
            tiers: components["schemas"]["RewardTierInput"][];
            grantOncePerParticipant?: boolean;
            validForSeconds?: number | null;
            page?: components["schemas"]["RewardPage"] | null;
        };
        RewardTierInput: {
            id?: string;
            match: components["schemas"]["RewardMatch"];
            display: components["schemas"]["RewardDisplay"];
            /** @enum {string} */
            codeStrategy: "pool" | "shared" | "generated";
            coupons?: unknown;
            couponsRemaining?: unknown;
            granted?: unknown;
        };
        DrawAudit: {
            /** @enum {string} */
            format: "campaign-games/draw-audit/1";
            run: components["schemas"]["DrawRun"];
            publishedCommitment: string | null;
            excludedParticipants: string[];
            entries: components["schemas"]["DrawAuditEntry"][];
        };
        DrawAuditEntry: {
            id: string;
            participantRef: string;
            /** Format: date-time */
            createdAt: string;
            score: number | null;
            weight: number;
        };
        DrawRun: {
            id: string;
            gameInstanceId: string;
            sequence: number;
            /** @enum {string} */
            trigger: "manual" | "auto_on_session_end" | "auto_on_schedule";
            /** @enum {string} */
            algorithm: "random_uniform" | "random_weighted" | "score_highest" | "winning_moment";
            algorithmVersion: string;
            rules: components["schemas"]["DrawRules"];
            seed: string;
            seedCommitment: string | null;
            chainPosition: number | null;
            moment: components["schemas"]["WinningMoment"] | null;
            entriesConsidered: number;
            entriesHash: string;
            winners: components["schemas"]["DrawWinner"][];
            /** Format: date-time */
            createdAt: string;
        };
        DrawWinner: {
            id: string;
            participantRef: string;
            rank: number;
            entryId: string;
            prize: components["schemas"]["Prize"] | null;
        };
        Prize: {
            label: string;
            description?: string;
            externalRef?: string;
        };
        WinningMoment: {
            index: number;
            count: number;
            /** Format: date-time */
            windowStart: string;
            /** Format: date-time */
            windowEnd: string;
            /** Format: date-time */
            slotStart: string;
            /** Format: date-time */
            slotEnd: string;
            /** Format: date-time */
            at: string;
        };
        DrawRules: {
            maxWinners: number;
            /** @enum {string} */
            tieBreak: "earliest_entry" | "random";
            windowStart: null | string;
            windowEnd: null | string;
            entriesBefore: null | string;
        };
        RecomputedWinner: {
            rank: number;
            participantRef: string;
            entryId: string;
        };
        WebhookDelivery: {
            id: string;
            endpointId: string;
            /** @enum {string} */
            eventType: "session_completed" | "winner_selected" | "reward_granted";
            payload: {
                /** @enum {string} */
                type: "session_completed" | "winner_selected" | "reward_granted";
                /** Format: date-time */
                createdAt: string;
                data: Record<string, unknown>;
            };
            /** @enum {string} */
            status: "pending" | "success" | "failed" | "exhausted";
            attemptCount: number;
            lastAttemptedAt: null | string;
            nextRetryAt: null | string;
            responseStatus: number | null;
            responseBody: null;
            note: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        WebhookEndpoint: {
            id: string;
            url: string;
            events: ("session_completed" | "winner_selected" | "reward_granted")[];
            gameInstanceIds: string[];
            channelIds: string[];
            includeCouponCodes: boolean;
            /** @enum {string} */
            status: "active" | "disabled";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        UpdateWebhookEndpoint: {
            url?: unknown;
            /** @enum {string} */
            status?: "active" | "disabled";
            events?: ("session_completed" | "winner_selected" | "reward_granted")[];
            gameInstanceIds?: string[];
            channelIds?: string[];
            includeCouponCodes?: boolean;
        };
        CreatedWebhookEndpoint: {
            id: string;
            url: string;
            events: ("session_completed" | "winner_selected" | "reward_granted")[];
            gameInstanceIds: string[];
            channelIds: string[];
            includeCouponCodes: boolean;
            /** @enum {string} */
            status: "active" | "disabled";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            secret: string;
        };
        CreateWebhookEndpoint: {
            /** Format: uri */
            url: string;
            events: ("session_completed" | "winner_selected" | "reward_granted")[];
            gameInstanceIds?: string[];
            channelIds?: string[];
            includeCouponCodes?: boolean;
        };
        FinishReward: {
            grant: components["schemas"]["PlayerGrant"] | null;
            page: components["schemas"]["PlayerRewardPage"] | null;
        };
        PlayerRewardPage: {
            blocks: components["schemas"]["RewardPageBlock"][];
        };
        PlayerGrant: {
            id: string;
            tierId: string;
            code: string;
            couponName: string | null;
            expiresAt: null | string;
            prize: components["schemas"]["GrantPrize"];
        };
        Flip: {
            position: number;
            face: number;
            matchedPairs: number;
            flips: number;
        };
        MemoryBoard: {
            cards: {
                position: number;
            }[];
        };
        Theme: {
            colors?: {
                bg?: string;
                fg?: string;
                muted?: string;
                accent?: string;
                danger?: string;
                surface?: string;
                border?: string;
            };
            /**
             * Format: uri
             * @description An https URL or the URL of a file in the media library
             */
            logoUrl?: string;
            /**
             * Format: uri
             * @description An https URL or the URL of a file in the media library
             */
            backgroundUrl?: string;
            fontFamily?: string;
            /**
             * Format: uri
             * @description An https URL or the URL of a file in the media library
             */
            fontUrl?: string;
            labels?: {
                [key: string]: string;
            };
            layout?: {
                /** @enum {string} */
                position?: "top" | "center" | "bottom";
                /** @enum {string} */
                width?: "game" | "wide" | "full";
            };
            background?: {
                /** @enum {string} */
                fit?: "cover" | "contain" | "tile";
                /** @enum {string} */
                focus?: "top-left" | "top" | "top-right" | "left" | "center" | "right" | "bottom-left" | "bottom" | "bottom-right";
                gradient?: {
                    from: string;
                    to: string;
                    angle: number;
                };
                overlay?: {
                    color: string;
                    opacity: number;
                };
                animation?: {
                    /** @enum {string} */
                    kind: "lottie" | "video";
                    /**
                     * Format: uri
                     * @description An https URL or the URL of a file in the media library
                     */
                    url: string;
                };
            };
            decorations?: {
                top?: {
                    /**
                     * Format: uri
                     * @description An https URL or the URL of a file in the media library
                     */
                    url: string;
                    /** @enum {string} */
                    kind: "image" | "lottie";
                    /** @enum {string} */
                    size: "small" | "medium" | "large";
                };
                bottom?: {
                    /**
                     * Format: uri
                     * @description An https URL or the URL of a file in the media library
                     */
                    url: string;
                    /** @enum {string} */
                    kind: "image" | "lottie";
                    /** @enum {string} */
                    size: "small" | "medium" | "large";
                };
            };
        };
        MintClientToken: {
            channelId: string;
            participantRef: string;
            origin: string;
            ttlSeconds?: number;
        };
        AllowedOrigin: {
            id: string;
            origin: string;
            /** Format: date-time */
            createdAt: string;
        };
        CreateAllowedOrigin: {
            /**
             * @description Where games may be played from: https://host[:port] for a web site (no path, no trailing slash), android:<application id> or ios:<bundle id>; up to 300 characters.
             * @example https://games.example.com
             * @example android:com.example.game
             * @example ios:com.example.Game
             */
            origin: string;
        };
        GameInstance: {
            id: string;
            gameId: string;
            gameSlug: string;
            name: string;
            /** @enum {string} */
            status: "draft" | "active" | "paused" | "archived";
            channelId: string;
            config: Record<string, unknown>;
            prize: components["schemas"]["Prize"] | null;
            theme: components["schemas"]["Theme"] | null;
            grantOncePerParticipant: boolean;
            rewardValidForSeconds: number | null;
            /** @enum {string} */
            winnerSelectionTrigger: "manual" | "auto_on_session_end" | "auto_on_schedule";
            /** @enum {string} */
            winnerSelectionAlgorithm: "random_uniform" | "random_weighted" | "score_highest";
            winnerSelectionConfig: {
                maxWinners: number;
                /** @enum {string} */
                tieBreak: "earliest_entry" | "random";
                windowStart: null | string;
                windowEnd: null | string;
            };
            scheduleAt: null | string;
            /** @description SHA-256 (hex) committing to the seeds of the campaign's automatic draws, published before any entry; each automatic run reveals its seed, which opens it (docs/draws.md). */
            seedCommitment: string | null;
            resolvedOptionId: string | null;
            resolvedAt: null | string;
            maxPlaysPerParticipant: number | null;
            maxPlaysPerParticipantPerDay: number | null;
            playLimitTimezone: string;
            liveFrom: null | string;
            liveUntil: null | string;
            activatedAt: null | string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        UpdateGameInstance: {
            name?: string;
            config?: Record<string, unknown>;
            prize?: components["schemas"]["Prize"] | null;
            theme?: components["schemas"]["Theme"] | null;
            /** @enum {string} */
            winnerSelectionTrigger?: "manual" | "auto_on_session_end" | "auto_on_schedule";
            /** @enum {string} */
            winnerSelectionAlgorithm?: "random_uniform" | "random_weighted" | "score_highest";
            winnerSelectionConfig?: {
                maxWinners?: number;
                /** @enum {string} */
                tieBreak?: "earliest_entry" | "random";
                windowStart?: string | null;
                windowEnd?: string | null;
            };
            scheduleAt?: string | null;
            liveFrom?: string | null;
            liveUntil?: string | null;
            maxPlaysPerParticipant?: number | null;
            maxPlaysPerParticipantPerDay?: number | null;
            playLimitTimezone?: string;
        };
        CreateGameInstance: {
            gameSlug: string;
            name: string;
            channelId: string;
            config?: Record<string, unknown>;
            prize?: components["schemas"]["Prize"] | null;
            theme?: components["schemas"]["Theme"] | null;
            /** @enum {string} */
            winnerSelectionTrigger?: "manual" | "auto_on_session_end" | "auto_on_schedule";
            /** @enum {string} */
            winnerSelectionAlgorithm?: "random_uniform" | "random_weighted" | "score_highest";
            winnerSelectionConfig?: {
                maxWinners?: number;
                /** @enum {string} */
                tieBreak?: "earliest_entry" | "random";
                windowStart?: string | null;
                windowEnd?: string | null;
            };
            scheduleAt?: string | null;
            liveFrom?: string | null;
            liveUntil?: string | null;
            maxPlaysPerParticipant?: number | null;
            maxPlaysPerParticipantPerDay?: number | null;
            playLimitTimezone?: string;
        };
        Game: {
            slug: string;
            name: string;
            description: string;
            defaultWinnerAlgorithm: string;
            labelKeys: string[];
            result: string;
            configSchema: Record<string, unknown>;
        };
        Channel: {
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "disabled";
            betweenCampaigns: {
                title?: string;
                body?: string;
                /**
                 * Format: uri
                 * @description An https URL or the URL of a file in the media library
                 */
                imageUrl?: string;
            };
            maxPlaysPerParticipant: number | null;
            maxPlaysPerParticipantPerDay: number | null;
            playLimitTimezone: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        UpdateChannel: {
            name?: string;
            /** @enum {string} */
            status?: "active" | "disabled";
            betweenCampaigns?: {
                title?: string;
                body?: string;
                /**
                 * Format: uri
                 * @description An https URL or the URL of a file in the media library
                 */
                imageUrl?: string;
            } | null;
            maxPlaysPerParticipant?: number | null;
            maxPlaysPerParticipantPerDay?: number | null;
            playLimitTimezone?: string;
        };
        CreateChannel: {
            name: string;
            /** @enum {string} */
            status?: "active" | "disabled";
            betweenCampaigns?: {
                title?: string;
                body?: string;
                /**
                 * Format: uri
                 * @description An https URL or the URL of a file in the media library
                 */
                imageUrl?: string;
            } | null;
            maxPlaysPerParticipant?: number | null;
            maxPlaysPerParticipantPerDay?: number | null;
            playLimitTimezone?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "system.health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    "admin.createAccount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme",
                 *       "plan": "pro"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    plan?: "free" | "starter" | "pro" | "unlimited";
                    features?: {
                        webhooks?: boolean;
                        rewards?: boolean;
                        mediaLibrary?: boolean;
                        apiKeys?: boolean;
                        customBranding?: boolean;
                        customCopy?: boolean;
                        games?: string[];
                    };
                    limits?: {
                        channels?: number | null;
                        liveCampaigns?: number | null;
                        webhookEndpoints?: number | null;
                        activeApiKeys?: number | null;
                        storedCouponCodes?: number | null;
                        storageBytes?: number | null;
                        playsPerMonth?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            plan: "free" | "starter" | "pro" | "unlimited";
                            features: {
                                webhooks: boolean;
                                rewards: boolean;
                                mediaLibrary: boolean;
                                apiKeys: boolean;
                                customBranding: boolean;
                                customCopy: boolean;
                                games: string[];
                            };
                            limits: {
                                channels: number | null;
                                liveCampaigns: number | null;
                                webhookEndpoints: number | null;
                                activeApiKeys: number | null;
                                storedCouponCodes: number | null;
                                storageBytes: number | null;
                                playsPerMonth: number | null;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        apiKey: {
                            id: string;
                            name: string;
                            keyPrefix: string;
                            permissions: ("tokens.mint" | "campaigns.read" | "campaigns.write" | "campaigns.activate" | "campaigns.delete" | "campaigns.resolve" | "channels.manage" | "config.write" | "branding.write" | "copy.write" | "intro.write" | "results.read" | "draws.run" | "rewards.read" | "rewards.write" | "rewards.codes.manage" | "rewards.grant" | "assets.read" | "assets.manage" | "assets.delete" | "keys.manage" | "origins.manage" | "webhooks.manage" | "settings.read" | "privacy.manage")[];
                            key: string;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "admin.updateAccount": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    plan?: "free" | "starter" | "pro" | "unlimited";
                    features?: {
                        webhooks?: boolean;
                        rewards?: boolean;
                        mediaLibrary?: boolean;
                        apiKeys?: boolean;
                        customBranding?: boolean;
                        customCopy?: boolean;
                        games?: string[];
                    };
                    limits?: {
                        channels?: number | null;
                        liveCampaigns?: number | null;
                        webhookEndpoints?: number | null;
                        activeApiKeys?: number | null;
                        storedCouponCodes?: number | null;
                        storageBytes?: number | null;
                        playsPerMonth?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            plan: "free" | "starter" | "pro" | "unlimited";
                            features: {
                                webhooks: boolean;
                                rewards: boolean;
                                mediaLibrary: boolean;
                                apiKeys: boolean;
                                customBranding: boolean;
                                customCopy: boolean;
                                games: string[];
                            };
                            limits: {
                                channels: number | null;
                                liveCampaigns: number | null;
                                webhookEndpoints: number | null;
                                activeApiKeys: number | null;
                                storedCouponCodes: number | null;
                                storageBytes: number | null;
                                playsPerMonth: number | null;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "apiKeys.list": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeys: {
                            id: string;
                            name: string;
                            keyPrefix: string;
                            permissions: ("tokens.mint" | "campaigns.read" | "campaigns.write" | "campaigns.activate" | "campaigns.delete" | "campaigns.resolve" | "channels.manage" | "config.write" | "branding.write" | "copy.write" | "intro.write" | "results.read" | "draws.run" | "rewards.read" | "rewards.write" | "rewards.codes.manage" | "rewards.grant" | "assets.read" | "assets.manage" | "assets.delete" | "keys.manage" | "origins.manage" | "webhooks.manage" | "settings.read" | "privacy.manage")[];
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "apiKeys.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    permissions: ("tokens.mint" | "campaigns.read" | "campaigns.write" | "campaigns.activate" | "campaigns.delete" | "campaigns.resolve" | "channels.manage" | "config.write" | "branding.write" | "copy.write" | "intro.write" | "results.read" | "draws.run" | "rewards.read" | "rewards.write" | "rewards.codes.manage" | "rewards.grant" | "assets.read" | "assets.manage" | "assets.delete" | "keys.manage" | "origins.manage" | "webhooks.manage" | "settings.read" | "privacy.manage")[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: {
                            id: string;
                            name: string;
                            keyPrefix: string;
                            permissions: ("tokens.mint" | "campaigns.read" | "campaigns.write" | "campaigns.activate" | "campaigns.delete" | "campaigns.resolve" | "channels.manage" | "config.write" | "branding.write" | "copy.write" | "intro.write" | "results.read" | "draws.run" | "rewards.read" | "rewards.write" | "rewards.codes.manage" | "rewards.grant" | "assets.read" | "assets.manage" | "assets.delete" | "keys.manage" | "origins.manage" | "webhooks.manage" | "settings.read" | "privacy.manage")[];
                            key: string;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "apiKeys.revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "channels.list": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channels: components["schemas"]["Channel"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "channels.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Homepage",
                 *       "maxPlaysPerParticipantPerDay": 3,
                 *       "playLimitTimezone": "Europe/Paris"
                 *     }
                 */
                "application/json": components["schemas"]["CreateChannel"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel: components["schemas"]["Channel"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "channels.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel: components["schemas"]["Channel"];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "channels.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "channels.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateChannel"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel: components["schemas"]["Channel"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "games.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        games: components["schemas"]["Game"][];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.list": {
        parameters: {
            query?: {
                channelId?: string;
                status?: "draft" | "active" | "paused" | "archived";
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gameInstances: components["schemas"]["GameInstance"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "gameSlug": "spin-the-wheel",
                 *       "name": "Summer wheel",
                 *       "channelId": "ch_123",
                 *       "config": {
                 *         "segments": [
                 *           {
                 *             "id": "win",
                 *             "label": "10% off",
                 *             "isWin": true,
                 *             "weight": 1
                 *           },
                 *           {
                 *             "id": "lose",
                 *             "label": "Next time",
                 *             "isWin": false,
                 *             "weight": 3
                 *           }
                 *         ],
                 *         "art": {
                 *           "background": "https://cdn.example.com/wheel/background.png",
                 *           "pointer": "https://cdn.example.com/wheel/pointer.png"
                 *         },
                 *         "sounds": {
                 *           "spin": "https://cdn.example.com/wheel/spin.mp3",
                 *           "win": "https://cdn.example.com/wheel/win.mp3",
                 *           "lose": "https://cdn.example.com/wheel/lose.mp3"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateGameInstance"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gameInstance: components["schemas"]["GameInstance"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gameInstance: components["schemas"]["GameInstance"];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateGameInstance"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gameInstance: components["schemas"]["GameInstance"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.activate": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    handoverAt?: string;
                } | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gameInstance: components["schemas"]["GameInstance"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.pause": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"] | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gameInstance: components["schemas"]["GameInstance"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.archive": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"] | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gameInstance: components["schemas"]["GameInstance"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.restore": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"] | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gameInstance: components["schemas"]["GameInstance"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "campaigns.resolve": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    optionId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gameInstance: components["schemas"]["GameInstance"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "branding.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        theme: components["schemas"]["Theme"];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "branding.put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Theme"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        theme: components["schemas"]["Theme"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "allowedOrigins.list": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowedOrigins: components["schemas"]["AllowedOrigin"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "allowedOrigins.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "origin": "https://www.example.com"
                 *     }
                 */
                "application/json": components["schemas"]["CreateAllowedOrigin"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowedOrigin: components["schemas"]["AllowedOrigin"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "allowedOrigins.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                originId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "tokens.mint": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "channelId": "ch_123",
                 *       "participantRef": "user-42",
                 *       "origin": "https://www.example.com"
                 *     }
                 */
                "application/json": components["schemas"]["MintClientToken"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientToken: null;
                        betweenCampaigns: {
                            title?: string;
                            body?: string;
                            /**
                             * Format: uri
                             * @description An https URL or the URL of a file in the media library
                             */
                            imageUrl?: string;
                        };
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientToken: string;
                        /** Format: date-time */
                        expiresAt: string;
                        jti: string;
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "play.start": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"] | null;
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        session: {
                            id: string;
                            gameInstanceId: string;
                            gameSlug: string;
                            participantRef: string;
                            /** Format: date-time */
                            startedAt: string;
                        };
                        game: {
                            slug: string;
                            config: Record<string, unknown>;
                            theme: components["schemas"]["Theme"];
                            labels: {
                                [key: string]: string;
                            };
                            board?: components["schemas"]["MemoryBoard"];
                        };
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "play.flip": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    position: number;
                };
            };
        };
        responses: {
            /** @description Flip */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Flip"];
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "play.finish": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "answers": [
                 *         {
                 *           "questionId": "q1",
                 *           "optionId": "a"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": Record<string, unknown> | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entry: components["schemas"]["Entry"];
                        outcome: {
                            id: string;
                            label: string;
                            isWin: boolean;
                        } | null;
                        reward: components["schemas"]["FinishReward"] | null;
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "entries.list": {
        parameters: {
            query?: {
                search?: string;
                sort?: "createdAt" | "score" | "participantRef";
                dir?: "asc" | "desc";
                eligible?: "true" | "false";
                limit?: string;
                offset?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["Entry"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "webhooks.list": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
                search?: string;
                sort?: "createdAt" | "url";
                dir?: "asc" | "desc";
                status?: "active" | "disabled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoints: components["schemas"]["WebhookEndpoint"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "webhooks.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/campaign-games",
                 *       "events": [
                 *         "session_completed"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookEndpoint"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["CreatedWebhookEndpoint"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "webhooks.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "webhooks.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookEndpoint"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "webhooks.deliveries": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
                search?: string;
                sort?: "createdAt" | "status";
                dir?: "asc" | "desc";
                status?: "pending" | "success" | "failed" | "exhausted";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "webhooks.resend": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"] | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "webhooks.resendEndpoint": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    since: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        resent: number;
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "draws.trigger": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"] | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: components["schemas"]["DrawRun"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "draws.runs": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        runs: components["schemas"]["DrawRun"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "draws.run": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: components["schemas"]["DrawRun"];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "draws.verify": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"] | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        verified: boolean;
                        winners: components["schemas"]["RecomputedWinner"][];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "draws.audit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DrawAudit */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DrawAudit"];
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "rewards.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reward: components["schemas"]["Reward"] | null;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "rewards.set": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RewardInput"] | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reward: components["schemas"]["Reward"] | null;
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "rewards.upload": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UploadCoupons"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        added: number;
                        duplicates: number;
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "rewards.generate": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateCoupons"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generated: number;
                        codes: string[];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "rewards.withdraw": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WithdrawCoupons"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        withdrawn: number;
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "rewards.grants": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        grants: components["schemas"]["RewardGrant"][];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "rewards.grant": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ManualGrant"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        grant: components["schemas"]["RewardGrant"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.presign": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PresignUpload"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        upload: components["schemas"]["Upload"];
                        asset: components["schemas"]["Asset"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.confirm": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path: {
                assetId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"] | null;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: components["schemas"]["Asset"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.import": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportAsset"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: components["schemas"]["Asset"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description UpgradeRequiredError */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpgradeRequiredErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.list": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
                folderId?: string;
                search?: string;
                kind?: "image" | "sound" | "video" | "lottie";
                sort?: "createdAt" | "filename" | "sizeBytes";
                dir?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assets: components["schemas"]["Asset"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.usage": {
        parameters: {
            query?: {
                assetId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usage: components["schemas"]["AssetUsage"][];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                assetId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: components["schemas"]["Asset"];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                assetId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                assetId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAsset"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: components["schemas"]["Asset"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.listFolders": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
                parentId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folders: components["schemas"]["Folder"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.createFolder": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFolder"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: components["schemas"]["Folder"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.getFolder": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: components["schemas"]["Folder"];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.deleteFolder": {
        parameters: {
            query?: {
                confirm?: "true" | "false";
            };
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                        foldersDeleted: number;
                        filesMoved: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConfirmationRequiredError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfirmationRequiredErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "media.updateFolder": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFolder"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        folder: components["schemas"]["Folder"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "privacy.export": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ParticipantRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        participant: components["schemas"]["Participant"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "privacy.erase": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 characters) that makes retrying this request safe: the same key with the same request within 24 hours answers the first answer again (status and body, with `Idempotent-Replayed: true`) without acting again; the same key with another request, or while the first still runs, is a 409 naming the header. 5xx and 429 answers are not kept. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ParticipantRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description `true` when this answer is the replay of an earlier request with the same Idempotency-Key. */
                    "idempotent-replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        erasure: components["schemas"]["Erasure"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description RateLimitedError */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "privacy.erasures": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        erasures: components["schemas"]["ErasureRecord"][];
                        total: number;
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "privacy.settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        privacy: components["schemas"]["PrivacySettings"];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "privacy.setSettings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PrivacySettings"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        privacy: components["schemas"]["PrivacySettings"];
                    };
                };
            };
            /** @description InvalidRequestError; also a body over 1 MiB (details path `body`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "stats.stats": {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                interval?: "day" | "hour";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stats: components["schemas"]["CampaignStats"];
                    };
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "stats.exportEntries": {
        parameters: {
            query?: {
                search?: string;
                sort?: "createdAt" | "score" | "participantRef";
                dir?: "asc" | "desc";
                eligible?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": string;
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
    "stats.exportGrants": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": string;
                };
            };
            /** @description InvalidRequestError */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
                };
            };
            /** @description UnauthorizedError */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedErrorEncoded"];
                };
            };
            /** @description ForbiddenError */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenErrorEncoded"];
                };
            };
            /** @description NotFoundError */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundErrorEncoded"];
                };
            };
            /** @description InternalError */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalErrorEncoded"];
                };
            };
            /** @description StoreUnavailableError */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUnavailableErrorEncoded"];
                };
            };
        };
    };
}
