import { foldForSearch, lowerForSearch } from '#shared/text';

/** The stored search forms of a name (people, courses), written with every write of the name. */
export function nameSearchColumns(name: string) {
  return { name_search: foldForSearch(name), name_lower: lowerForSearch(name) };
}

/** The stored search forms of a lesson's title. */
export function titleSearchColumns(title: string) {
  return { title_search: foldForSearch(title), title_lower: lowerForSearch(title) };
}
