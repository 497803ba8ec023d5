/**
 * Acme's shop: an existing Hono application with routes of its own (a home page and a product
 * catalogue under `/shop`) that mounts the whole Campaign Games API beside them. The API's routes
 * (`apiPaths`) are handed, request and all, to the Web-standard handler of `CampaignGamesApi`; every
 * other path stays the shop's. The shop's own middleware wraps the mounted routes like any other:
 * here CORS on the play API, so that the game embedded on the shop's sites may call it from the
 * browser with its client token.
 *
 * @since 0.1.0
 */
import { Hono } from "hono"
import { cors } from "hono/cors"

/** One product of the shop's own catalogue. */
export interface Product {
  readonly id: string
  readonly name: string
  readonly priceCents: number
}

/** The shop's catalogue (its own data, nothing to do with the games). */
export const products: ReadonlyArray<Product> = [
  { id: "tea", name: "Green tea, 100 g", priceCents: 850 },
  { id: "mug", name: "Stoneware mug", priceCents: 1400 },
  { id: "kettle", name: "Gooseneck kettle", priceCents: 5900 }
]

/** The paths handed to the Campaign Games API (Hono's patterns). */
export const apiPaths = ["/v1/*", "/admin/v1/*", "/docs", "/ready", "/health"] as const

export interface Options {
  /** The mounted API: `CampaignGamesApi.make(…).handler`. */
  readonly api: (request: Request) => Promise<Response>
  /** The sites whose pages may call the play API from the browser (CORS), such as `https://shop.example.com`. */
  readonly embedOrigins: ReadonlyArray<string>
}

const home = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Acme Tea</title></head>
  <body>
    <h1>Acme Tea</h1>
    <p>Browse <a href="/shop/products">our products</a>; the games' API reference is at <a href="/docs">/docs</a>.</p>
  </body>
</html>
`

/** The shop's application: its own routes, then the mounted API. */
export const make = (options: Options): Hono => {
  const app = new Hono()

  // The shop's own routes.
  app.get("/", (c) => c.html(home))
  app.get("/shop/products", (c) => c.json({ products }))
  app.get("/shop/products/:id", (c) => {
    const product = products.find((p) => p.id === c.req.param("id"))
    return product === undefined ? c.json({ message: "No such product" }, 404) : c.json({ product })
  })

  // The embed calls the play API from the shop's pages, with a client token (never the API key).
  app.use(
    "/v1/play/*",
    cors({
      origin: [...options.embedOrigins],
      allowMethods: ["POST"],
      allowHeaders: ["Authorization", "Content-Type"],
      maxAge: 600
    })
  )
  // The whole Campaign Games API: the request as received, the API's answer as given.
  for (const path of apiPaths) app.all(path, (c) => options.api(c.req.raw))

  return app
}
