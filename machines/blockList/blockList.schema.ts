import * as z from 'zod/mini';
import { rule } from '../form/validation.ts';
import { PHONE_PATTERN, stripVisitorNumber } from '../../common/rules/phone.ts';

/** What the block list holds (contract: BlockedVisitorKind). */
export const blockedVisitorKinds = ['number', 'address'] as const;
export type BlockedVisitorKind = (typeof blockedVisitorKinds)[number];

export interface BlockVisitorValues {
  kind: BlockedVisitorKind;
  value: string;
}


const ipAddress = z.union([z.ipv4(), z.ipv6()]);

/**
 * The block form: a phone number (spec §5 Phone pattern) or an IPv4 or IPv6 address, as kind
 * says. The server applies the same rules (server/domain/blockList/blockList.ts).
 */
export const blockVisitorSchema = z
  .object({
    kind: z.enum(blockedVisitorKinds),
    // The contract's limit (BlockedVisitorInput.value): separators count too.
    value: z.string().check(z.minLength(1, rule.required), z.maxLength(64, rule.maxLength)),
  })
  .check(
    z.refine((values) => values.kind !== 'number' || PHONE_PATTERN.test(stripVisitorNumber(values.value)), {
      message: rule.phone,
      path: ['value'],
    }),
    z.refine((values) => values.kind !== 'address' || ipAddress.safeParse(values.value.trim()).success, {
      message: rule.ipAddress,
      path: ['value'],
    }),
  );
