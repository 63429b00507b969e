/**
 * A nickname as the subject of a Georgian past-tense verb (ergative case): a hyphen and -მ after a vowel,
 * -მა after anything else ("zura-მ", "nika_10-მა"), the way Georgian writers attach case endings to names
 * written in Latin letters or with digits.
 */
export function ergative(name: string): string {
  return `${name}-${/[aeiouაეიოუ]$/i.test(name) ? 'მ' : 'მა'}`;
}
