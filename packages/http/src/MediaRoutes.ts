/**
 * The media library's routes outside the HttpApi definition: where the disk store receives the
 * browser's upload POST, and where files are served by id (`asset.url`).
 *
 * @since 0.1.0
 */
import { Layer } from "effect"

/** The routes, for `Server.routes`. */
export const layer = Layer.empty
