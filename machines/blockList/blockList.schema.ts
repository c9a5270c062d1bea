import * as z from 'zod/mini';
import { nameInvalid, nameRequired, rule } from '../form/validation.ts';
import { blockedVisitorKindLabels } from './blockList.messages.ts';
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
 * says, with spec §5's messages that name it ("{name} is required.", "{name} is not valid"). The
 * server applies the same rules (server/domain/blockList/blockList.ts).
 */
export const blockVisitorSchema = z
  .object({
    kind: z.enum(blockedVisitorKinds),
    // The contract's limit (BlockedVisitorInput.value): separators count too.
    value: z.string().check(z.maxLength(64, rule.maxLength)),
  })
  .check(
    z.refine((values) => values.kind !== 'number' || values.value.trim() !== '', {
      message: rule.required,
      path: ['value'],
      params: { message: nameRequired(blockedVisitorKindLabels.number) },
    }),
    z.refine((values) => values.kind !== 'address' || values.value.trim() !== '', {
      message: rule.required,
      path: ['value'],
      params: { message: nameRequired(blockedVisitorKindLabels.address) },
    }),
    z.refine((values) => values.kind !== 'number' || values.value.trim() === '' || PHONE_PATTERN.test(stripVisitorNumber(values.value)), {
      message: rule.phone,
      path: ['value'],
    }),
    z.refine((values) => values.kind !== 'address' || values.value.trim() === '' || ipAddress.safeParse(values.value.trim()).success, {
      path: ['value'],
      params: { message: nameInvalid(blockedVisitorKindLabels.address) },
    }),
  );
