/**
 * SHA-256 (FIPS 180-4) in plain TypeScript, synchronous and incremental. Draws derive every random
 * choice from SHA-256 of their seed and an entry's id, and hash the listing of the entries they
 * considered; both must run inside a pure function (`Draw.run`, `DrawAudit.verifyDraw`), in a
 * browser or a command-line verifier as on the server, and give exactly the bytes PostgreSQL's
 * `sha256(bytea)` gives. WebCrypto's digest is asynchronous and costs a promise per call, so the
 * engine has its own.
 *
 * Strings are hashed as their UTF-8 bytes (a lone surrogate as U+FFFD, as `TextEncoder` does).
 *
 * @since 0.1.0
 */

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
])

const INITIAL = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
])

/** An incremental SHA-256: `update` any number of times, then `digest` once. */
export class Hash {
  private readonly state = Int32Array.from(INITIAL)
  private readonly block = new Uint8Array(64)
  private readonly words = new Int32Array(64)
  private filled = 0
  private length = 0
  private text = new Uint8Array(256)

  /** Adds bytes to the message. */
  update(bytes: Uint8Array): this {
    let offset = 0
    const total = bytes.length
    this.length += total
    if (this.filled > 0) {
      const take = Math.min(64 - this.filled, total)
      this.block.set(bytes.subarray(0, take), this.filled)
      this.filled += take
      offset = take
      if (this.filled < 64) return this
      compress(this.state, this.words, this.block, 0)
      this.filled = 0
    }
    while (total - offset >= 64) {
      compress(this.state, this.words, bytes, offset)
      offset += 64
    }
    if (offset < total) {
      this.block.set(bytes.subarray(offset), 0)
      this.filled = total - offset
    }
    return this
  }

  /** Adds the UTF-8 bytes of `text` to the message. */
  updateText(text: string): this {
    if (this.text.length < text.length * 3) this.text = new Uint8Array(text.length * 3)
    return this.update(this.text.subarray(0, encodeUtf8(text, this.text)))
  }

  /** The 32 bytes of the digest. The hash cannot be updated afterwards. */
  digest(): Uint8Array {
    const bitsHigh = Math.floor(this.length / 0x20000000)
    const bitsLow = (this.length * 8) >>> 0
    const padding = this.filled < 56 ? 56 - this.filled : 120 - this.filled
    const tail = new Uint8Array(padding + 8)
    tail[0] = 0x80
    const view = new DataView(tail.buffer)
    view.setUint32(padding, bitsHigh)
    view.setUint32(padding + 4, bitsLow)
    const length = this.length
    this.update(tail)
    this.length = length
    const out = new Uint8Array(32)
    const outView = new DataView(out.buffer)
    for (let i = 0; i < 8; i++) outView.setInt32(i * 4, this.state[i]!)
    return out
  }
}

/** Runs the compression function over the 64 bytes of `bytes` from `offset`. */
const compress = (state: Int32Array, w: Int32Array, bytes: Uint8Array, offset: number): void => {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!
    const y = w[i - 2]!
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10)
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0
  }
  let a = state[0]!
  let b = state[1]!
  let c = state[2]!
  let d = state[3]!
  let e = state[4]!
  let f = state[5]!
  let g = state[6]!
  let h = state[7]!
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
    const ch = (e & f) ^ (~e & g)
    const t1 = (h + S1 + ch + K[i]! + w[i]!) | 0
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
    const maj = (a & b) ^ (a & c) ^ (b & c)
    const t2 = (S0 + maj) | 0
    h = g
    g = f
    f = e
    e = (d + t1) | 0
    d = c
    c = b
    b = a
    a = (t1 + t2) | 0
  }
  state[0] = (state[0]! + a) | 0
  state[1] = (state[1]! + b) | 0
  state[2] = (state[2]! + c) | 0
  state[3] = (state[3]! + d) | 0
  state[4] = (state[4]! + e) | 0
  state[5] = (state[5]! + f) | 0
  state[6] = (state[6]! + g) | 0
  state[7] = (state[7]! + h) | 0
}

/**
 * Writes the UTF-8 bytes of `text` into `out` (at least 3 bytes per UTF-16 unit of room) and
 * returns how many it wrote. A lone surrogate is written as U+FFFD.
 */
export const encodeUtf8 = (text: string, out: Uint8Array): number => encodeUtf8At(text, out, 0)

/**
 * Writes the UTF-8 bytes of `text` into `out` from `offset` (with room for 3 bytes per UTF-16 unit)
 * and returns the offset after them.
 */
export const encodeUtf8At = (text: string, out: Uint8Array, offset: number): number => {
  let n = offset
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i)
    if (c < 0x80) {
      out[n++] = c
      continue
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6)
      out[n++] = 0x80 | (c & 63)
      continue
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00)
        i++
        out[n++] = 0xf0 | (cp >> 18)
        out[n++] = 0x80 | ((cp >> 12) & 63)
        out[n++] = 0x80 | ((cp >> 6) & 63)
        out[n++] = 0x80 | (cp & 63)
        continue
      }
      c = 0xfffd
    }
    out[n++] = 0xe0 | (c >> 12)
    out[n++] = 0x80 | ((c >> 6) & 63)
    out[n++] = 0x80 | (c & 63)
  }
  return n
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"))

/** Lowercase hex of bytes. */
export const hex = (bytes: Uint8Array): string => {
  let out = ""
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]!]!
  return out
}

/** SHA-256 of bytes. */
export const digest = (bytes: Uint8Array): Uint8Array => new Hash().update(bytes).digest()

/** SHA-256 of the UTF-8 bytes of `text`. */
export const digestText = (text: string): Uint8Array => {
  const out = new Uint8Array(32)
  digestTextInto(text, out)
  return out
}

// The buffers of `digestTextInto`, reused: a draw hashes one short message per entry.
const shortState = new Int32Array(8)
const shortWords = new Int32Array(64)
let shortBuffer = new Uint8Array(1024)

/**
 * Writes SHA-256 of the UTF-8 bytes of `text` into the first 32 bytes of `out`, without allocating
 * (a draw derives one digest per entry).
 */
export const digestTextInto = (text: string, out: Uint8Array): void => {
  if (shortBuffer.length < text.length * 3 + 72) shortBuffer = new Uint8Array(text.length * 3 + 72)
  const buffer = shortBuffer
  const length = encodeUtf8(text, buffer)
  const blocks = Math.ceil((length + 9) / 64)
  const end = blocks * 64
  buffer[length] = 0x80
  buffer.fill(0, length + 1, end - 8)
  const bits = length * 8
  buffer[end - 8] = 0
  buffer[end - 7] = 0
  buffer[end - 6] = 0
  buffer[end - 5] = Math.floor(bits / 0x100000000) & 255
  buffer[end - 4] = (bits >>> 24) & 255
  buffer[end - 3] = (bits >>> 16) & 255
  buffer[end - 2] = (bits >>> 8) & 255
  buffer[end - 1] = bits & 255
  shortState.set(INITIAL)
  for (let offset = 0; offset < end; offset += 64) compress(shortState, shortWords, buffer, offset)
  for (let i = 0; i < 8; i++) {
    const v = shortState[i]!
    out[i * 4] = v >>> 24
    out[i * 4 + 1] = (v >>> 16) & 255
    out[i * 4 + 2] = (v >>> 8) & 255
    out[i * 4 + 3] = v & 255
  }
}

/** SHA-256 of the UTF-8 bytes of `text`, as lowercase hex (what PostgreSQL's `encode(sha256(…), 'hex')` gives). */
export const hexOfText = (text: string): string => hex(digestText(text))
