/**
 * The benchmarks' command line: each option declared by its default, and read back with the
 * default's type (`--plays 200` gives the number 200 where the default is a number; a boolean default
 * makes a flag; `undefined` an optional string). Parsed with `node:util`'s `parseArgs`, so an unknown
 * option is refused; `--help` prints the options with their defaults and exits.
 */
import { parseArgs, type ParseArgsConfig } from "node:util"

type Default = number | string | boolean | undefined

/** The type an option is read back with: its default's. */
type Value<D> = D extends number ? number : D extends boolean ? boolean : D extends string ? string : string | undefined

/** The options given on the command line (`process.argv`), each as its default's type. */
export const parse = <const D extends Record<string, Default>>(
  defaults: D
): { readonly [K in keyof D]: Value<D[K]> } => {
  const entries = Object.entries(defaults)
  const options: NonNullable<ParseArgsConfig["options"]> = { help: { type: "boolean", default: false } }
  for (const [name, value] of entries)
    options[name] =
      typeof value === "boolean"
        ? { type: "boolean", default: value }
        : { type: "string", ...(value === undefined ? {} : { default: String(value) }) }
  // No option is `multiple`: each value is a string or a boolean.
  const values = parseArgs({ options }).values as Record<string, string | boolean | undefined>
  if (values.help === true) {
    for (const [name, value] of entries)
      console.log(typeof value === "boolean" ? `  --${name}` : `  --${name} ${value === undefined ? "<value>" : value}`)
    process.exit(0)
  }
  return Object.fromEntries(
    entries.map(([name, value]) => [name, typeof value === "number" ? Number(values[name]) : values[name]])
  ) as { readonly [K in keyof D]: Value<D[K]> }
}
