/**
 * Generates `src/api.ts`, the TypeScript types of the `/v1` API, from the OpenAPI document the
 * reference server serves (`/v1/openapi.json`, which is `OpenApi.fromApi(Api)` of
 * `@campaign-games/http`), with openapi-typescript. Run `npm run generate -w examples/fetch-client`
 * after the API changes; a test fails while the committed file is not what this writes.
 *
 * @since 0.1.0
 */
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Api } from "@campaign-games/http"
import { OpenApi } from "effect/http-api"
import openapiTS, { astToString } from "openapi-typescript"

/** Where the generated types live. */
export const target = fileURLToPath(new URL("./api.ts", import.meta.url))

/** The generated module's text, from the document as the server serves it. */
export const generate = async (): Promise<string> => {
  const document = OpenApi.fromApi(Api)
  // `config` is a free-form object (`{ type: object }`): typed `Record<string, unknown>`, not `never`.
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { emptyObjectsUnknown: true })
  return `/**\n * The \`/v1\` API's types, generated from its OpenAPI document by \`src/generate.ts\`: do not edit.\n *\n * @since 0.1.0\n */\n${astToString(ast)}`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(target, await generate())
  console.log(`wrote ${target}`)
}
