import crypto from 'node:crypto';
import { BLOCKCHAIN_CHAINS, type BlockchainChain } from '@podium/protocol';
import { assertNever } from '../../shared/assert-never.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bitcoin-style base58 (leading zero bytes become '1'). */
export function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

function sha256(data: Uint8Array): Buffer {
  return crypto.createHash('sha256').update(data).digest();
}

export function isChain(name: string): name is BlockchainChain {
  return (BLOCKCHAIN_CHAINS as readonly string[]).includes(name);
}

/**
 * A stable address for an account on a chain: HMAC-SHA256(server secret, chain + account id),
 * shaped like that chain's addresses (EVM: 0x + 20 bytes hex; Tron: base58check of 0x41 + 20
 * bytes; Solana: base58 of 32 bytes). SECURITY: the secret keeps addresses unlinkable to account
 * ids. These are deposit identifiers only: no private key exists for them and nothing watches
 * the chains (README design notes), so nothing may be sent to them yet.
 */
export function deriveAddress(secret: Buffer, accountId: string, chain: BlockchainChain): string {
  const digest = crypto
    .createHmac('sha256', secret)
    .update(`blockchain-account:${chain}:${accountId}`)
    .digest();
  switch (chain) {
    case 'ethereum':
    case 'bsc':
    case 'polygon':
      return '0x' + digest.subarray(0, 20).toString('hex');
    case 'tron': {
      const payload = Buffer.concat([Buffer.from([0x41]), digest.subarray(0, 20)]);
      const check = sha256(sha256(payload)).subarray(0, 4);
      return base58(Buffer.concat([payload, check]));
    }
    case 'solana':
      return base58(digest);
    default:
      return assertNever(chain, 'blockchain chain');
  }
}
