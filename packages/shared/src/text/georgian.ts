/**
 * A nickname as the subject of a Georgian past-tense verb (ergative case): a hyphen and -მ after a vowel,
 * -მა after anything else ("zura-მ", "nika_10-მა"), the way Georgian writers attach case endings to names
 * written in Latin letters or with digits.
 */
export function ergative(name: string): string {
  return `${name}-${/[aeiouაეიოუ]$/i.test(name) ? 'მ' : 'მა'}`;
}

/**
 * A name in the Georgian genitive ("whose"), for "X-ის გულშემატკივრები": a Georgian name ending in a vowel takes
 * -ს (დინამო თბილისი → დინამო თბილისის, ბარსელონა → ბარსელონას, ლივერპული → ლივერპულის); a name ending in Latin
 * letters or digits takes a hyphen and -ის (Dinamo Tbilisi-ის, იბერია 1999-ის), as Georgian writers attach it.
 */
export function genitive(name: string): string {
  return /[აეიოუ]$/.test(name) ? `${name}ს` : `${name}-ის`;
}
