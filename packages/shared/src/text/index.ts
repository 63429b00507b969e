export { compareNames, foldText, searchKey, sortKey, transliterateGeorgian } from './fold.js';
