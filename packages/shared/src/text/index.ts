export { compareNames, foldText, searchKey, sortKey, transliterateGeorgian } from './fold.js';
export { ergative, genitive } from './georgian.js';
