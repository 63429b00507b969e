export const tagKeys = {
  all: ['tags'] as const,
  /** 0 stands for every club. */
  trending: (clubId: number) => ['tags', 'trending', clubId] as const,
};
