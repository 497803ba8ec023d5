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
      "no-constant-condition": ["error", { checkLoops: false }]
    }
  },
  {
    files: ["**/test/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" }
  }
)
