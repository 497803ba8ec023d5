// @ts-check
import js from "@eslint/js"
import tseslint from "typescript-eslint"

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/.data/**", "**/dist/**", "coverage/**", "tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-namespace": "off",
      "require-yield": "off",
      "no-constant-condition": ["error", { checkLoops: false }],
      // Another package only through its root or a documented subpath (docs/packages.md).
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "^@campaign-games/(?!core/(accounts|campaigns|draws|games|media|play|rewards|webhooks)$|testing/contract$)(core|sql|http|testing)/(?!package\\.json$)",
              message:
                "Import another package through its root (@campaign-games/core) or a documented subpath (docs/packages.md), never an internal path."
            }
          ]
        }
      ]
    }
  },
  {
    files: ["**/test/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" }
  }
)
