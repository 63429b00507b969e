import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';

/**
 * The hand-entered competition a fresh install starts with (decision 022): Erovnuli Liga, season 2026, and a
 * team for each Erovnuli Liga club of the club catalogue, mapped to it. No fixtures: administrators enter them
 * (or a provider brings them). Idempotent: run at every start, it adds what is missing and changes nothing else,
 * so an administrator's edits to these rows stay.
 */
export const EROVNULI_LIGA = { name: 'Erovnuli Liga', nameKa: 'ეროვნული ლიგა', country: 'Georgia', season: '2026' };

/** Catalogue club name → the team's Georgian name and short name. */
export const erovnuliLigaTeams: Readonly<Record<string, { nameKa: string; shortName: string }>> = {
  'Dinamo Tbilisi': { nameKa: 'დინამო თბილისი', shortName: 'DTB' },
  'Dinamo Batumi': { nameKa: 'დინამო ბათუმი', shortName: 'DBT' },
  'Iberia 1999': { nameKa: 'იბერია 1999', shortName: 'IBE' },
  'Torpedo Kutaisi': { nameKa: 'ტორპედო ქუთაისი', shortName: 'TOR' },
  'Dila Gori': { nameKa: 'დილა გორი', shortName: 'DIL' },
  'Samgurali Tskaltubo': { nameKa: 'სამგურალი წყალტუბო', shortName: 'SAM' },
  'Kolkheti Poti': { nameKa: 'კოლხეთი ფოთი', shortName: 'KOL' },
  Gagra: { nameKa: 'გაგრა', shortName: 'GAG' },
  Telavi: { nameKa: 'თელავი', shortName: 'TEL' },
  'Gareji Sagarejo': { nameKa: 'გარეჯი საგარეჯო', shortName: 'GAR' },
};

export async function seedMatches(db: Executor): Promise<void> {
  const { name, nameKa, country, season } = EROVNULI_LIGA;
  await db.execute(sql`insert into competitions (name, name_ka, country, kind)
    values (${name}, ${nameKa}, ${country}, 'league') on conflict do nothing`);
  await db.execute(sql`insert into seasons (competition_id, label, starts_on, ends_on)
    select id, ${season}, date '2026-03-01', date '2026-12-06' from competitions where name = ${name}
    on conflict do nothing`);
  const rows = Object.entries(erovnuliLigaTeams);
  const values = sql.join(
    rows.map(([club, team]) => sql`(${club}, ${team.nameKa}, ${team.shortName})`),
    sql`, `,
  );
  await db.execute(sql`insert into teams (name, name_ka, short_name, club_id)
    select v.name, v.name_ka, v.short_name, c.id
    from (values ${values}) as v (name, name_ka, short_name)
    left join clubs c on c.name = v.name
    on conflict do nothing`);
}
