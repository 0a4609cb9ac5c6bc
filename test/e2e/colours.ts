/** The relative luminance (WCAG) of a computed `rgb(…)` colour: 0 black, 1 white. */
export function luminance(colour: string): number {
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? [])
    .map(Number)
    .map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
