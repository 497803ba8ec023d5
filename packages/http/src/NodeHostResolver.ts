/**
 * `Webhook.HostResolver` on Node: the operating system's resolver (`node:dns/promises` `lookup`,
 * every address, in the order the resolver gave them), each address classified with ipaddr.js.
 *
 * An address is public only when ipaddr.js puts it in the `unicast` range, after an IPv4-mapped
 * IPv6 address (`::ffff:a.b.c.d`) is unwrapped to its IPv4 address (`ipaddr.process`). Everything
 * else is refused: loopback, private, link-local, unique-local, carrier-grade NAT, multicast,
 * broadcast, unspecified, reserved and documentation ranges, benchmarking, AMT, AS112, deprecated
 * site-local and ORCHID ranges, the 6to4, Teredo, RFC 6052 (NAT64) and RFC 6145 translation
 * ranges (which can embed a private IPv4 address), the reserved `::/8` (IPv4-compatible addresses
 * among them), and any scoped (`%zone`) or malformed address.
 *
 * An IP literal resolves to itself, without asking the resolver.
 *
 * @since 0.1.0
 */
import { lookup } from "node:dns/promises"
import { isIP } from "node:net"
import { Webhook } from "@campaign-games/core"
import { Duration, Effect, Layer } from "effect"
import ipaddr from "ipaddr.js"

/** How long a lookup may take before the host counts as unresolved. */
const LOOKUP_TIMEOUT = Duration.seconds(10)

const RESERVED_V6 = ipaddr.parseCIDR("::/8") as [ipaddr.IPv6, number]

/**
 * Whether `ip` is a public unicast address (pure); false for anything that is not an IP address in
 * its usual notation (Node's `isIP`: no short or hexadecimal IPv4 forms).
 */
export const isPublicAddress = (ip: string): boolean => {
  if (isIP(ip) === 0) return false
  let address: ipaddr.IPv4 | ipaddr.IPv6
  try {
    address = ipaddr.process(ip)
  } catch {
    return false
  }
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6
    // `::/8` is reserved (RFC 4291); ipaddr.js calls its IPv4-compatible part (`::a00:1`, which
    // embeds 10.0.0.1) unicast. The IPv4-mapped part was unwrapped by `process` above.
    if (v6.zoneId !== undefined || v6.match(RESERVED_V6)) return false
  }
  return address.range() === "unicast"
}

/** The host without the brackets of an IPv6 literal as written in a URL. */
const bare = (host: string): string => host.replace(/^\[|\]$/g, "")

/** A short reason for a failed lookup: the resolver's code only, never more. */
const reasonOf = (error: unknown): string => {
  const code = (error as { readonly code?: unknown } | null)?.code
  return typeof code === "string" ? `lookup failed (${code})` : "lookup failed"
}

const resolve = (host: string) => {
  const name = bare(host)
  if (name === "") return Effect.fail(new Webhook.HostUnresolved({ host, message: "empty host" }))
  if (isIP(name) !== 0) return Effect.succeed([{ address: name, isPublic: isPublicAddress(name) }])
  return Effect.tryPromise({
    try: () => lookup(name, { all: true, order: "verbatim" }),
    catch: (error) => new Webhook.HostUnresolved({ host, message: reasonOf(error) })
  }).pipe(
    Effect.timeoutOrElse({
      duration: LOOKUP_TIMEOUT,
      orElse: () => Effect.fail(new Webhook.HostUnresolved({ host, message: "lookup timed out" }))
    }),
    Effect.flatMap((addresses) =>
      addresses.length === 0
        ? Effect.fail(new Webhook.HostUnresolved({ host, message: "no addresses" }))
        : Effect.succeed(addresses.map((a) => ({ address: a.address, isPublic: isPublicAddress(a.address) })))
    )
  )
}

/** The resolver over the operating system's `lookup`. */
export const layer: Layer.Layer<Webhook.HostResolver> = Layer.succeed(Webhook.HostResolver, { resolve })
