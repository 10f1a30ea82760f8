/**
 * A name in the possessive, as English writes it: “Northwind Capital’s”, and a name ending in s takes
 * the apostrophe alone: “Kestrel Partners’”.
 */
export function possessive(name: string): string {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}’` : `${trimmed}’s`;
}
