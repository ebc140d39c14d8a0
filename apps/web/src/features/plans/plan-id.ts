/** A plan id from the route, or null when the segment cannot be one. */
export function planIdFrom(segment: string | undefined): number | null {
  return segment && /^[1-9]\d{0,14}$/.test(segment) ? Number(segment) : null;
}
