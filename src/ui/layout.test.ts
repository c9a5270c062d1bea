import { describe, expect, it } from 'vitest';
import { system } from './system.ts';

describe('the shell breakpoints (spec §9: 576, 768, 992, 1200)', () => {
  it('are Chakra\'s sm, md, lg and xl, in px at the 16 px root size', () => {
    const minima = Object.fromEntries(system.breakpoints.values.map(({ name, min }) => [name, Number.parseFloat(min ?? '') * 16]));
    expect(minima).toMatchObject({ sm: 576, md: 768, lg: 992, xl: 1200 });
  });
});
