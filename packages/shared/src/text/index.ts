export { compareNames, foldText, searchKey, sortKey, transliterateGeorgian } from './fold.js';
export { ergative } from './georgian.js';
