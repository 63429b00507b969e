/**
 * focus() without the keyboard's ring, for focus that follows a click: Chromium draws :focus-visible on focus moved
 * from script whatever moved it. (`focusVisible` is not yet in TypeScript's DOM types.)
 */
export const withoutRing: FocusOptions & { focusVisible?: boolean } = { focusVisible: false };
