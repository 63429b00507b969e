export const referralKeys = {
  all: ['referrals'] as const,
  list: () => ['referrals', 'list'] as const,
};
