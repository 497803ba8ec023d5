/**
 * The media library: files checked by their bytes, folders, uploads, imports from URLs, and the
 * file rule every media address of the engine is judged by.
 *
 * @since 0.1.0
 */
export * as Asset from "./Asset.ts"
export * as AssetUsage from "./AssetUsage.ts"
export * as BlobStore from "./BlobStore.ts"
export * as ContentCheck from "./ContentCheck.ts"
export * as Folder from "./Folder.ts"
export * as Media from "./Media.ts"
export * as MediaEngine from "./MediaEngine.ts"
export * as MediaErrors from "./MediaErrors.ts"
export * as MediaFolders from "./MediaFolders.ts"
export * as MediaImports from "./MediaImports.ts"
export * as MediaSettings from "./MediaSettings.ts"
export * as UrlFetcher from "./UrlFetcher.ts"
