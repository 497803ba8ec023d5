/**
 * Text a store can hold. PostgreSQL's `text` cannot hold the NUL character, and a string with a
 * lone UTF-16 surrogate (half of a pair) has no UTF-8 encoding, so neither can be written: sent
 * through to the store they would fail as an outage (`StoreError`) instead of as the caller's
 * mistake. They are refused where input enters, naming the field: `check` on every text field
 * (`Fields.Text`), and `issues` over a free-form JSON value (a game config, a whole request body),
 * which names the path of each string, or object key, that cannot be stored.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** What a refused text is told. */
export const MESSAGE = "contains a character that cannot be stored (NUL or a lone UTF-16 surrogate)"

/** Whether a store can hold `text`: no NUL and no lone surrogate. */
export const isStorable = (text: string): boolean => text.isWellFormed() && !text.includes("\u0000")

/** The schema check of a storable text, for every text field of an input. */
export const check = Schema.makeFilter((text: string) => isStorable(text) || MESSAGE, {
  expected: "text without NUL or lone UTF-16 surrogates"
})

/** A string a store can hold. */
export const StorableString = Schema.String.check(check)

/** A failing field, as `Errors.Detail` has it (written out here: `Errors` imports `Fields`, which imports this). */
export interface Issue {
  readonly path: string
  readonly message: string
}

/**
 * Every place in a JSON value (`value`, found at `path`, dot separated; `""` for the root, which is
 * then named `body`) holding a string or an object key that cannot be stored, one detail each.
 */
export const issues = (value: unknown, path: string): Array<Issue> => {
  const out: Array<Issue> = []
  const at = (parent: string, key: string | number) => (parent === "" ? String(key) : `${parent}.${key}`)
  const walk = (node: unknown, where: string): void => {
    if (typeof node === "string") {
      if (!isStorable(node)) out.push({ path: where === "" ? "body" : where, message: MESSAGE })
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, at(where, index)))
    } else if (typeof node === "object" && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        if (!isStorable(key)) out.push({ path: at(where, key), message: `key ${MESSAGE}` })
        else walk(item, at(where, key))
      }
    }
  }
  walk(value, path)
  return out
}
