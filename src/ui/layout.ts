/**
 * Layout constants of spec §9: the shell's breakpoints (576, 768, 992, 1200 px, as Chakra's sm,
 * md, lg and xl; 2xl keeps Chakra's 1536 px) and the scroll offset after which the
 * scroll-to-top button shows.
 */
export const BREAKPOINTS = { sm: '36rem', md: '48rem', lg: '62rem', xl: '75rem', '2xl': '96rem' } as const;

export const SCROLL_TO_TOP_OFFSET = 300;
