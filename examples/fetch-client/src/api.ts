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
         * @description Permission campaigns.write; `config` (replaced whole) also needs config.write; liveFrom/liveUntil also need channels.manage. An archived campaign is 409. An active campaign must stay complete and must not come to overlap another live window (409).
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
         * @description Permission tokens.mint; 600 a minute per key. 201 with a client token for the campaign live on the channel now; 200 with `clientToken: null` and the channel's between-campaigns message when nothing is live (or the channel is disabled). 404 unknown channel; 403 origin not allowed; 409 the player has used all plays; 402 the plan's plays a month.
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
         * @description Authorization: Bearer <client token>. Starts the play the token was minted for: once (a used token is 409; expired, forged or malformed 401); play limits are checked again. Answers the player's view of the game: no correct answers, no wheel weights.
         */
        post: operations["play.start"];
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
         * @description Authorization: Bearer <client token>. The game's finish body (wheel `{}`, quiz `{ answers }`, prediction `{ optionId }`, memory-match `{ score }`); the server decides the outcome or score. A second finish is 409.
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
        Prize: {
            label: string;
            description?: string;
            externalRef?: string;
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
                /** Format: uri */
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
                /** Format: uri */
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
                /** Format: uri */
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
                            permissions: ("tokens.mint" | "campaigns.read" | "campaigns.write" | "campaigns.activate" | "campaigns.delete" | "campaigns.resolve" | "channels.manage" | "config.write" | "branding.write" | "copy.write" | "intro.write" | "results.read" | "draws.run" | "rewards.read" | "rewards.write" | "rewards.codes.manage" | "rewards.grant" | "assets.read" | "assets.manage" | "assets.delete" | "keys.manage" | "origins.manage" | "webhooks.manage" | "settings.read")[];
                            key: string;
                            /** Format: date-time */
                            createdAt: string;
                        };
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
                            permissions: ("tokens.mint" | "campaigns.read" | "campaigns.write" | "campaigns.activate" | "campaigns.delete" | "campaigns.resolve" | "channels.manage" | "config.write" | "branding.write" | "copy.write" | "intro.write" | "results.read" | "draws.run" | "rewards.read" | "rewards.write" | "rewards.codes.manage" | "rewards.grant" | "assets.read" | "assets.manage" | "assets.delete" | "keys.manage" | "origins.manage" | "webhooks.manage" | "settings.read")[];
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
                    permissions: ("tokens.mint" | "campaigns.read" | "campaigns.write" | "campaigns.activate" | "campaigns.delete" | "campaigns.resolve" | "channels.manage" | "config.write" | "branding.write" | "copy.write" | "intro.write" | "results.read" | "draws.run" | "rewards.read" | "rewards.write" | "rewards.codes.manage" | "rewards.grant" | "assets.read" | "assets.manage" | "assets.delete" | "keys.manage" | "origins.manage" | "webhooks.manage" | "settings.read")[];
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
                            permissions: ("tokens.mint" | "campaigns.read" | "campaigns.write" | "campaigns.activate" | "campaigns.delete" | "campaigns.resolve" | "channels.manage" | "config.write" | "branding.write" | "copy.write" | "intro.write" | "results.read" | "draws.run" | "rewards.read" | "rewards.write" | "rewards.codes.manage" | "rewards.grant" | "assets.read" | "assets.manage" | "assets.delete" | "keys.manage" | "origins.manage" | "webhooks.manage" | "settings.read")[];
                            key: string;
                            /** Format: date-time */
                            createdAt: string;
                        };
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
                 *         ]
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
        requestBody: {
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
        requestBody?: never;
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
        requestBody?: never;
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
        requestBody?: never;
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
            /** @description ConflictError */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictErrorEncoded"];
                };
            };
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
                            /** Format: uri */
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
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
                        };
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
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
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
                        reward: null;
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
        requestBody?: never;
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
            /** @description The request body is over 1 MiB (`invalid_request`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestErrorEncoded"];
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
