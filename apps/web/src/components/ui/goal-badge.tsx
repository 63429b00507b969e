import { Badge, type BadgeProps } from './badge';

export type GoalBadgeProps = Omit<BadgeProps, 'variant' | 'children'> & {
  amount: number | string;
};

/** $GOAL reward amount, e.g. `$25 GOAL`. */
export function GoalBadge({ amount, ...props }: GoalBadgeProps) {
  return (
    <Badge variant="gold" data-slot="goal-badge" {...props}>
      {`$${amount} GOAL`}
    </Badge>
  );
}
