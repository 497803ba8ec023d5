/**
 * Handlers of the media endpoints (`groups/Media.ts`): files through `Media`, folders through
 * `MediaFolders`, each as the calling key's actor; every file answered with its URL (`Media.view`).
 *
 * @since 0.1.0
 */
import { Asset, Folder, Media, MediaFolders, Pagination } from "@campaign-games/core"
import { Effect } from "effect"
import { Api } from "../Api.ts"
import { folderPages } from "../groups/Media.ts"
import * as RateLimit from "../RateLimit.ts"
import * as Handle from "./Handle.ts"

/** A folder filter of a query: `root` is the top level, any other value a folder's id. */
const folderFilter = (value: string | undefined): Asset.FolderFilter & Folder.ParentFilter =>
  value === undefined ? { _tag: "Any" } : value === "root" ? { _tag: "Root" } : { _tag: "In", id: value }

export const MediaHandlers = Handle.group(
  Api,
  "media",
  Effect.all({ media: Media.Media, folders: MediaFolders.MediaFolders }),
  (handlers, { media, folders }) => {
    const one = (asset: Asset.Asset) => ({ asset: media.view(asset) })
    const oneFolder = (folder: Folder.Folder) => ({ folder: Folder.view(folder) })
    return handlers
      .handle("presign", ({ payload }) =>
        Handle.asActor(
          (actor) => media.presign(actor, payload),
          ({ asset, upload }) => ({
            upload: { url: upload.url, fields: { ...upload.fields } },
            asset: media.view(asset)
          })
        ).pipe(RateLimit.withRetryAfter)
      )
      .handle("confirm", ({ params }) => Handle.asActor((actor) => media.confirm(actor, params.assetId), one))
      .handle("import", ({ payload }) => Handle.asActor((actor) => media.importFrom(actor, payload), one))
      .handle("list", ({ query }) =>
        Handle.list(query, Pagination.Defaults.assets, "assets", media.view, (actor, page) =>
          media.list(
            actor,
            {
              folder: folderFilter(query.folderId),
              search: Handle.search(query.search),
              kind: query.kind,
              sort: query.sort ?? "createdAt",
              dir: query.dir ?? "desc"
            },
            page
          )
        )
      )
      .handle("usage", ({ query }) =>
        Handle.asActor(
          (actor) => media.usage(actor, query.assetId),
          (usage) => ({ usage: usage.map(({ asset, uses }) => ({ asset: media.view(asset), uses })) })
        )
      )
      .handle("get", ({ params }) => Handle.asActor((actor) => media.get(actor, params.assetId), one))
      .handle("update", ({ params, payload }) =>
        Handle.asActor((actor) => media.update(actor, params.assetId, payload), one)
      )
      .handle("delete", ({ params }) =>
        Handle.deleteAsActor((actor) => media.delete(actor, params.assetId), params.assetId)
      )
      .handle("createFolder", ({ payload }) => Handle.asActor((actor) => folders.create(actor, payload), oneFolder))
      .handle("listFolders", ({ query }) =>
        Handle.list(query, folderPages, "folders", Folder.view, (actor, page) =>
          folders.list(actor, folderFilter(query.parentId), page)
        )
      )
      .handle("getFolder", ({ params }) => Handle.asActor((actor) => folders.get(actor, params.folderId), oneFolder))
      .handle("updateFolder", ({ params, payload }) =>
        Handle.asActor((actor) => folders.update(actor, params.folderId, payload), oneFolder)
      )
      .handle("deleteFolder", ({ params, query }) =>
        Handle.asActor(
          (actor) => folders.delete(actor, params.folderId, query.confirm === "true"),
          (deleted) => ({
            deleted: true,
            id: params.folderId,
            foldersDeleted: deleted.folders,
            filesMoved: deleted.filesMoved
          })
        )
      )
  }
)
