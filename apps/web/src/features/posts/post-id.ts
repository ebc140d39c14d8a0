/** A post id from the address bar: a positive whole number, else null. */
export function parsePostId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
