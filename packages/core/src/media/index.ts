/**
 * The media library: files checked by their bytes, folders, uploads, imports from URLs, and the
 * file rule every media address of the engine is judged by.
 *
 * @since 0.1.0
 */
export * as MediaEngine from "./MediaEngine.ts"
export * as MediaErrors from "./MediaErrors.ts"
