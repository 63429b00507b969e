/**
 * A club's name in the reader's language: the Georgian name in Georgian (when the catalogue has one), else the
 * common English name. Every screen that names a club asks this one function. A module of its own, without the
 * schemas: the web's first screen imports it, and the schemas would bring the validation library with them.
 */
export function clubName(club: { name: string; nameKa?: string | null }, language: string): string {
  return language === 'ka' && club.nameKa ? club.nameKa : club.name;
}
