/**
 * What the play-lane tests set up through the API: the origin players come from and the config of a
 * spin-the-wheel campaign that activates (one winning segment, one losing, the example media).
 */
import { SpinTheWheel } from "@campaign-games/core"

export const ORIGIN = "https://shop.example.com"

export const WHEEL = {
  segments: [
    { id: "w", label: "Win", isWin: true },
    { id: "l", label: "Lose", isWin: false }
  ],
  ...SpinTheWheel.exampleMedia
}
