import type { Club } from '@burti/shared';
import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CountryFlag } from '../../../components/club/country-flag';
import { useClubName } from '../../../lib/club-name';
import { cn } from '../../../lib/cn';

function ClubOption({ club }: { club: Club }) {
  const { t } = useTranslation();
  const nameOf = useClubName();
  return (
    // The country goes under the name when both do not fit on one line.
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
      <CountryFlag country={club.country} />
      <span className="truncate font-medium">{nameOf(club)}</span>
      <span className="shrink-0 text-muted-foreground">
        {t(`clubs.country.${club.country}`, { defaultValue: club.country })}
      </span>
    </span>
  );
}

/** Picks the club whose board is shown; each option reads "name · country". */
export function ClubSelect({
  clubs,
  value,
  onChange,
  label,
  className,
}: {
  clubs: Club[];
  value: number | undefined;
  onChange: (clubId: number) => void;
  label: string;
  className?: string;
}) {
  const selected = clubs.find((club) => club.id === value);
  return (
    <Select.Root value={value === undefined ? undefined : String(value)} onValueChange={(v) => onChange(Number(v))}>
      <Select.Trigger
        aria-label={label}
        className={cn(
          'flex min-h-11 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-left text-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-placeholder:text-muted-foreground',
          className,
        )}
      >
        <Select.Value className="min-w-0 flex-1">{selected ? <ClubOption club={selected} /> : null}</Select.Value>
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className={cn(
            'z-50 max-h-(--radix-select-content-available-height) w-(--radix-select-trigger-width) overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-lg',
            'data-[state=open]:animate-pop-in',
          )}
        >
          <Select.Viewport className="max-h-80 p-1">
            {clubs.map((club) => (
              <Select.Item
                key={club.id}
                value={String(club.id)}
                className="relative flex min-h-11 cursor-default select-none items-center rounded-md py-2 pl-3 pr-8 text-sm outline-none data-highlighted:bg-muted"
              >
                <Select.ItemText>
                  <ClubOption club={club} />
                </Select.ItemText>
                <Select.ItemIndicator className="absolute right-2">
                  <Check aria-hidden="true" className="size-4 text-brand" />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
