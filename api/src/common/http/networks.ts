import { BlockList, isIP } from 'node:net';

/** `10.0.0.0/8`, `::1/128` or a bare address (a network of one); undefined when it is neither. */
export function parseNetwork(text: string): { address: string; prefix: number; type: 'ipv4' | 'ipv6' } | undefined {
  const [address, bits, extra] = text.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return undefined;
  const max = family === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return undefined;
  return { address, prefix, type: family === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether an address belongs to one of the networks (IPv4-mapped IPv6 addresses count as IPv4). */
export function networkMatcher(networks: string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const n of networks) {
    const net = parseNetwork(n);
    if (net) list.addSubnet(net.address, net.prefix, net.type);
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = mapped ? mapped[1] : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}
