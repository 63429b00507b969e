import { clubName, type Club } from '@burti/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Named = Pick<Club, 'name'> & { nameKa?: string | null };

/**
 * A club's name in the language on screen (`clubName` of packages/shared: the Georgian name in Georgian). Every
 * screen that names a club asks this hook; sentences decline it with the catalogue's `genitive` format.
 */
export function useClubName(): (club: Named) => string {
  const { i18n } = useTranslation();
  return (club) => clubName(club, i18n.language);
}

/** "Georgia · Erovnuli Liga" in the language on screen: the catalogue's clubs.country and clubs.league. */
export function clubPlace(club: Pick<Club, 'country' | 'league'>, t: TFunction): string {
  return `${t(`clubs.country.${club.country}`, { defaultValue: club.country })} · ${t(`clubs.league.${club.league}`, {
    defaultValue: club.league,
  })}`;
}
