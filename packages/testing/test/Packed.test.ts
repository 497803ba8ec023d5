/**
 * The packages as a team outside this repository gets them. The four packages are built
 * (`tsc -b`), packed (`npm pack`) into a temporary directory outside the workspace and installed
 * there with their registry dependencies, as the README's "Embed it" section says (its `npm install`
 * line, its snippet as `app.mjs`). Then, with the machine's own `node` (20 on CI) and with the
 * pinned Node 24:
 *
 * - the README's snippet plays a whole game through the core on the testing kit's memory store
 *   (and, with the machine's node, the same game on `@campaign-games/sql`'s PGlite);
 * - `packed/Serve.ts` serves `/v1` from `@campaign-games/http` + `@campaign-games/sql` on PGlite and
 *   plays once over HTTP (`@campaign-games/http` needs Node 22.19: on older Node the test expects
 *   the precise failure, undici 8 reaching for `zlib.createZstdDecompress`);
 * - importing each package's root changes nothing in the process (`support/ImportProbe.ts`).
 *
 * And a TypeScript consumer (`packed/Consumer.ts`, with the snippet under `checkJs` and the serving
 * script) typechecks against the packed types with `moduleResolution: nodenext`. The run takes
 * about a minute, most of it `npm install` (`--prefer-offline`: the npm cache serves what it has).
 */
import { execFile, execFileSync, spawnSync } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import ts from "typescript"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const HERE = fileURLToPath(new URL("./", import.meta.url))
const PACKAGES = ["core", "sql", "http", "testing"] as const

/** The machine's own Node: the first `node` on the PATH outside any `node_modules`. */
const machineNode = (process.env.PATH ?? "")
  .split(delimiter)
  .filter((dir) => dir !== "" && !dir.includes("node_modules"))
  .map((dir) => join(dir, "node"))
  .find((file) => existsSync(file))
/** The Node this repository pins (the `node` devDependency). */
const pinnedNode = join(ROOT, "node_modules", ".bin", "node")

/** The environment of what runs outside: no `NODE_OPTIONS` (the workspace's source condition). */
const outsideEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env }
  delete env.NODE_OPTIONS
  return env
}

const run = (file: string, args: ReadonlyArray<string>, cwd: string) => {
  const result = spawnSync(file, args, { cwd, env: outsideEnv(), encoding: "utf8", timeout: 180_000 })
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" }
}

/** The README's "Embed it" section: its `npm install` line's packages and its JavaScript snippet. */
const readme = () => {
  const text = readFileSync(join(ROOT, "README.md"), "utf8")
  const section = text.slice(text.indexOf("## Embed it\n"))
  const install = /```sh\nnpm install ([^\n]+)\n```/.exec(section)
  const snippet = /```js\n([\s\S]*?)```/.exec(section)
  assert.isNotNull(install, "the README's Embed it section shows an npm install line")
  assert.isNotNull(snippet, "the README's Embed it section shows a JavaScript snippet")
  return { packages: install![1].trim().split(/\s+/), snippet: snippet![1] }
}

/** `file` (TypeScript) with its types stripped, for Node 20. */
const stripped = (file: string) =>
  ts.transpileModule(readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true }
  }).outputText

const versionOf = (pkg: string, manifest: string) =>
  (JSON.parse(readFileSync(join(ROOT, manifest), "utf8")) as { devDependencies?: Record<string, string> })
    .devDependencies?.[pkg] ??
  (JSON.parse(readFileSync(join(ROOT, manifest), "utf8")) as { dependencies: Record<string, string> }).dependencies[pkg]

let dir = ""
/** The consumer's typecheck, started once the project is installed (it runs beside the other tests). */
let typecheck: Promise<{ readonly code: number; readonly output: string }> | undefined
const packed = new Map<string, { readonly tarball: string; readonly files: ReadonlyArray<string> }>()

beforeAll(() => {
  // Built first: the packages' dist/ is what is packed.
  execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "tsconfig.build.json"], {
    cwd: ROOT,
    env: outsideEnv(),
    stdio: "inherit"
  })
  dir = mkdtempSync(join(tmpdir(), "cg-packed-"))
  mkdirSync(join(dir, "tarballs"))
  const workspaces = PACKAGES.flatMap((name) => ["-w", `packages/${name}`])
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", join(dir, "tarballs"), ...workspaces], {
    cwd: ROOT,
    env: outsideEnv(),
    encoding: "utf8"
  })
  for (const entry of JSON.parse(out) as Array<{ name: string; filename: string; files: Array<{ path: string }> }>)
    packed.set(entry.name, { tarball: join(dir, "tarballs", entry.filename), files: entry.files.map((f) => f.path) })

  // The project: the README's install line (our packages from their tarballs), the SQL and HTTP
  // packages and the Node HTTP platform for the serving script, Node's types for the consumer.
  const { packages, snippet } = readme()
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "outside", private: true, type: "module" }))
  const tarball = (name: string) => packed.get(name)?.tarball ?? name
  const install = [
    ...packages.map(tarball),
    tarball("@campaign-games/sql"),
    tarball("@campaign-games/http"),
    `@effect/platform-node@${versionOf("@effect/platform-node", "examples/server/package.json")}`,
    `@types/node@${versionOf("@types/node", "package.json")}`
  ]
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", ...install], {
    cwd: dir,
    env: outsideEnv(),
    stdio: "inherit"
  })

  writeFileSync(join(dir, "app.mjs"), snippet)
  // The same game on the SQL store (PGlite) under the core: what runs of `@campaign-games/sql` on Node 20.
  const onSql = snippet
    .replace(
      'import { MemoryPlatform, MemoryStore } from "@campaign-games/testing"',
      'import { Database } from "@campaign-games/sql"\nimport { MemoryPlatform } from "@campaign-games/testing"'
    )
    .replace("Layer.provideMerge(MemoryStore.layer)", "Layer.provideMerge(Database.layerPglite())")
  assert.include(onSql, "Database.layerPglite()", "the README's snippet builds its engine over MemoryStore.layer")
  writeFileSync(join(dir, "app-sql.mjs"), onSql)
  writeFileSync(join(dir, "serve.mjs"), stripped(join(HERE, "packed/Serve.ts")))
  writeFileSync(join(dir, "probe.mjs"), stripped(join(HERE, "support/ImportProbe.ts")))
  copyFileSync(join(HERE, "packed/Serve.ts"), join(dir, "Serve.ts"))
  copyFileSync(join(HERE, "packed/Consumer.ts"), join(dir, "Consumer.ts"))
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        lib: ["es2023", "dom", "dom.iterable"],
        module: "nodenext",
        moduleResolution: "nodenext",
        strict: true,
        noEmit: true,
        allowJs: true,
        checkJs: true,
        skipLibCheck: false,
        types: ["node"]
      },
      include: ["app.mjs", "Serve.ts", "Consumer.ts"]
    })
  )
  typecheck = new Promise((resolve) =>
    execFile(
      process.execPath,
      [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", dir],
      { cwd: dir, env: outsideEnv(), encoding: "utf8" },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code ?? 1), output: stdout + stderr })
    )
  )
}, 600_000)

afterAll(async () => {
  await typecheck
  if (dir !== "") rmSync(dir, { recursive: true, force: true })
})

describe("the packed packages", () => {
  it("hold only built files, their README, LICENSE and package.json", () => {
    assert.deepStrictEqual([...packed.keys()].sort(), PACKAGES.map((name) => `@campaign-games/${name}`).sort())
    for (const [name, { files }] of packed) {
      const other = files.filter(
        (file) =>
          !/^dist\/.+\.(js|js\.map|d\.ts)$/.test(file) && !["README.md", "LICENSE", "package.json"].includes(file)
      )
      assert.deepStrictEqual(other, [], name)
      assert.include(files, "dist/index.js", name)
      assert.include(files, "dist/index.d.ts", name)
      assert.include(files, "LICENSE", name)
    }
  })

  const nodes = [
    ...(machineNode === undefined ? [] : [{ label: "the machine's node", file: machineNode }]),
    { label: "the pinned Node 24", file: pinnedNode }
  ]
  for (const node of nodes) {
    describe(`with ${node.label}`, () => {
      const major = () => Number(/^v(\d+)/.exec(run(node.file, ["--version"], dir).stdout)?.[1])

      it("the README's example plays a whole game on the memory store", () => {
        const result = run(node.file, ["app.mjs"], dir)
        assert.strictEqual(result.status, 0, result.stderr)
        const printed = JSON.parse(result.stdout.trim().split("\n").at(-1)!)
        assert.include(["win", "lose"], printed.outcome.id)
        assert.strictEqual(printed.participantRef, "customer-42")
        assert.match(printed.campaignId, /^gi_/)
      })

      if (node.file !== pinnedNode)
        it("the same game on @campaign-games/sql's PGlite under the core (Node 20.19 and later)", () => {
          const result = run(node.file, ["app-sql.mjs"], dir)
          assert.strictEqual(result.status, 0, result.stderr)
          const printed = JSON.parse(result.stdout.trim().split("\n").at(-1)!)
          assert.include(["win", "lose"], printed.outcome.id)
          assert.strictEqual(printed.participantRef, "customer-42")
        })

      it("importing each package's root changes nothing in the process", () => {
        for (const name of PACKAGES) {
          const result = run(node.file, ["probe.mjs", `@campaign-games/${name}`], dir)
          assert.strictEqual(result.status, 0, result.stderr)
          assert.deepStrictEqual(JSON.parse(result.stdout), { changed: [], globals: [], symbols: [] }, name)
        }
      })

      it("serves /v1 from http and sql on PGlite and plays once over HTTP (Node 22.19 and later)", () => {
        const result = run(node.file, ["serve.mjs"], dir)
        if (major() < 22) {
          // undici 8 (the webhook transport and the URL importer) needs zlib's zstd, from Node 22.15.
          assert.notStrictEqual(result.status, 0)
          assert.include(result.stderr, "createZstdDecompress")
          return
        }
        assert.strictEqual(result.status, 0, result.stderr)
        const { finished, statuses } = JSON.parse(result.stdout.trim().split("\n").at(-1)!)
        assert.deepStrictEqual(statuses, {
          account: 201,
          origin: 201,
          channel: 201,
          campaign: 201,
          activate: 200,
          mint: 201,
          start: 201,
          finish: 200
        })
        assert.include(["win", "lose"], finished.outcome.id)
        assert.strictEqual(finished.entry.participantRef, "customer-42")
      })
    })
  }

  it("typecheck from a TypeScript project with moduleResolution nodenext, declarations included", async () => {
    // `skipLibCheck: false`: our declarations and effect's are checked too. PGlite's alone fail, for
    // a reason of their own (they use Emscripten's global types without depending on them).
    const { code, output } = await typecheck!
    const errors = output.split("\n").filter((line) => line.includes("error TS"))
    const ours = errors.filter((line) => !line.startsWith("node_modules/@electric-sql/pglite/"))
    assert.deepStrictEqual(ours, [], output)
    assert.strictEqual(code === 0, errors.length === 0, output)
  })
})
