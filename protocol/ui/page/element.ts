/// <reference lib="dom" />

/** The page's element of id `id`: the page's HTML (index.html) has it, or the page cannot run. */
export function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no #${id}`);
  return found as T;
}
