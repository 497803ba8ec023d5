/**
 * The public-address guard of an outgoing connection, one rule for the two clients that connect
 * where a tenant says (`NodeWebhookTransport`'s deliveries and `NodeImportFetcher`'s URL imports):
 * a `lookup` for `net.connect`/`tls.connect` that resolves every address of the host at every new
 * connection, refuses when any of them is not public, and otherwise hands the socket only the
 * addresses it checked (in the family it asked for, when it asked for one), so a DNS answer that
 * changes between a check and the connection (rebinding) cannot reach a private address. It
 * handles both the single-address form and the `all: true` form Node uses for happy eyeballs
 * (`autoSelectFamily`). The refusal is an error with a code of the client's choosing, which the
 * client tells from any other failure of the connection.
 *
 * @since 0.1.0
 */
import type { LookupAddress, LookupOptions } from "node:dns"
import { lookup as dnsLookup } from "node:dns/promises"
import { isPublicAddress } from "../NodeHostResolver.ts"

/** Where names resolve and which addresses count as public. */
export interface Network {
  /** Every address of a host name. */
  readonly lookup: (host: string) => Promise<ReadonlyArray<{ readonly address: string; readonly family: number }>>
  /** Whether an address is a public unicast address. */
  readonly isPublic: (address: string) => boolean
}

/** The operating system's resolver and the real public-address rule. */
export const systemNetwork: Network = {
  lookup: (host) => dnsLookup(host, { all: true, order: "verbatim" }),
  isPublic: isPublicAddress
}

/** The reason given when a host resolves to an address that is not public. */
export const NON_PUBLIC_REASON = "host resolves to a non-public address"

/** The callback of a `lookup`, in both its forms. */
export type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | Array<LookupAddress>,
  family?: number
) => void

const familyNumber = (family: LookupOptions["family"]): 0 | 4 | 6 =>
  family === 4 || family === "IPv4" ? 4 : family === 6 || family === "IPv6" ? 6 : 0

const codeError = (message: string, code: string) => Object.assign(new Error(message), { code })

/**
 * A `lookup` over `network`: every address of the host, refused with an error of code
 * `nonPublicCode` (and message `NON_PUBLIC_REASON`) when `guard` and any is not public; the socket
 * gets only the addresses checked.
 */
export const lookupOver =
  (network: Network, guard: boolean, nonPublicCode: string) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    network.lookup(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(codeError("no addresses", "ENOTFOUND"), [])
        if (guard && addresses.some((a) => !network.isPublic(a.address))) {
          return callback(codeError(NON_PUBLIC_REASON, nonPublicCode), [])
        }
        const family = familyNumber(options.family)
        const usable = (family === 0 ? addresses : addresses.filter((a) => a.family === family)).map(
          (a): LookupAddress => ({ address: a.address, family: a.family })
        )
        if (usable.length === 0) return callback(codeError("no address in the family asked for", "ENOTFOUND"), [])
        if (options.all === true) return callback(null, usable)
        return callback(null, usable[0]!.address, usable[0]!.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, [])
    )
  }
