import { assert, describe, it } from "@effect/vitest"
import * as Garbage from "../src/internal/Garbage.ts"

const MiB = 1024 * 1024

/** `count` fresh 64 KiB buffers, as a socket or a file stream hands them out. */
async function* chunks(count: number): AsyncIterable<Uint8Array> {
  for (let i = 0; i < count; i++) yield Buffer.alloc(64 * 1024, i % 251)
}

describe("Garbage", () => {
  it("has V8's collector on this runtime once enabled", () => {
    Garbage.enable()
    assert.isTrue(Garbage.available())
  })

  it("passes every chunk on, in order, and keeps the dead ones under a bound as they stream", async () => {
    Garbage.enable()
    const start = process.memoryUsage().arrayBuffers
    let peak = 0
    let count = 0
    let sum = 0
    // 40 MiB: without the collections V8 lets the dead buffers pile up to about 64 MiB first.
    for await (const chunk of Garbage.counted(chunks(640))) {
      assert.strictEqual(chunk[0], count % 251)
      count++
      sum += chunk.length
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - start)
    }
    assert.strictEqual(count, 640)
    assert.strictEqual(sum, 40 * MiB)
    assert.isBelow(peak, 3 * Garbage.EVERY, `peak ${(peak / MiB).toFixed(1)} MiB`)
  })
})
