/**
 * The client-token signer now lives in the core (`@campaign-games/core`, `ClientTokenSigner`): it
 * needs only the `Secrets` port and the store. Re-exported here so existing imports keep working.
 *
 * @since 0.1.0
 */
export * from "@campaign-games/core/play/ClientTokenSigner"
