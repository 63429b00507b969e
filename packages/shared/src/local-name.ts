/**
 * A name in the reader's language: the Georgian one in Georgian (when there is one), else the common English one.
 * Clubs, teams, competitions and the audit log's targets are all named this way, by this one function. A module of
 * its own, without the schemas: the web's first screen imports it, and the schemas would bring the validation
 * library with them.
 */
export function localName(thing: { name: string; nameKa?: string | null }, language: string): string {
  return language === 'ka' && thing.nameKa ? thing.nameKa : thing.name;
}

/** A club's name in the reader's language: `localName`, under the name the clubs' code reads by. */
export const clubName: (club: { name: string; nameKa?: string | null }, language: string) => string = localName;
