/**
 * The media library: files, folders, uploads, imports.
 *
 * @since 0.1.0
 */
import { HttpApiGroup } from "effect/http-api"

export class MediaApi extends HttpApiGroup.make("media") {}
